//! OpenTelemetry traces over real sockets, across two server processes.
//!
//! This test runs an OTLP/HTTP receiver on 127.0.0.1 (`POST /v1/traces`, protobuf bodies decoded with the
//! `opentelemetry-proto` prost messages, as a collector would), and two `foureyes serve` processes on one SQLite
//! database: replica A configured with `--otlp-endpoint`, replica B with only `OTEL_EXPORTER_OTLP_ENDPOINT` (the
//! two ways to turn tracing on). The agent decides on A (deferred) carrying its own W3C `traceparent`, a person
//! approves on B, the agent re-sends its request on B (permit) and reports on A. The spans that arrive must form one
//! trace — the one the decide response named — although no process saw the whole request, with the pipeline's
//! ordered checks as events on the decide span, the human's waiting time on the approval span, and the caller's
//! trace kept as a link.
#![allow(clippy::unwrap_used)]

use axum::body::Bytes;
use axum::http::StatusCode;
use opentelemetry_proto::tonic::collector::trace::v1::{ExportTraceServiceRequest, ExportTraceServiceResponse};
use opentelemetry_proto::tonic::common::v1::{AnyValue, KeyValue, any_value};
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

const POLICY: &str = "\
version: 1
timezone: UTC
actions:
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
      payee:      { type: string, max_len: 64 }
    approvals: { required: 1, ttl: 1h }
";

/// A caller's own trace context, as an agent framework would send it.
const CALLER_TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN: &str = "00f067aa0ba902b7";

// ---------------------------------------------------------------------------------------------------------------
// The OTLP receiver

/// A received span with the `process.pid` of the resource that sent it.
#[derive(Clone, Debug)]
struct Received {
    pid: i64,
    span: Span,
}

type Sink = Arc<Mutex<Vec<Received>>>;

/// Starts the receiver on 127.0.0.1; returns its base URL and what it received.
async fn receiver() -> (String, Sink) {
    let sink: Sink = Arc::default();
    let s = sink.clone();
    let app = axum::Router::new().route(
        "/v1/traces",
        axum::routing::post(move |headers: axum::http::HeaderMap, body: Bytes| {
            let sink = s.clone();
            async move {
                let content_type = headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("");
                if content_type != "application/x-protobuf" {
                    return (StatusCode::UNSUPPORTED_MEDIA_TYPE, Vec::new());
                }
                let Ok(request) = ExportTraceServiceRequest::decode(body) else {
                    return (StatusCode::BAD_REQUEST, Vec::new());
                };
                let mut got = sink.lock().unwrap();
                for rs in request.resource_spans {
                    let pid = rs
                        .resource
                        .as_ref()
                        .and_then(|r| int_attr(&r.attributes, "process.pid"))
                        .expect("every batch names its process");
                    for ss in rs.scope_spans {
                        for span in ss.spans {
                            got.push(Received { pid, span });
                        }
                    }
                }
                (StatusCode::OK, ExportTraceServiceResponse::default().encode_to_vec())
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}"), sink)
}

fn attr<'a>(attributes: &'a [KeyValue], key: &str) -> Option<&'a any_value::Value> {
    attributes
        .iter()
        .find(|kv| kv.key == key)
        .and_then(|kv| kv.value.as_ref())
        .and_then(|v: &AnyValue| v.value.as_ref())
}

fn str_attr<'a>(attributes: &'a [KeyValue], key: &str) -> Option<&'a str> {
    match attr(attributes, key)? {
        any_value::Value::StringValue(s) => Some(s),
        _ => None,
    }
}

fn int_attr(attributes: &[KeyValue], key: &str) -> Option<i64> {
    match attr(attributes, key)? {
        any_value::Value::IntValue(i) => Some(*i),
        _ => None,
    }
}

fn f64_attr(attributes: &[KeyValue], key: &str) -> Option<f64> {
    match attr(attributes, key)? {
        any_value::Value::DoubleValue(f) => Some(*f),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------------------------
// A minimal blocking HTTP/1.1 client that also returns the response headers.

fn http(addr: &str, method: &str, path: &str, token: &str, extra: &[(&str, &str)], body: Option<&Value>) -> Resp {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in extra {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    stream.write_all(format!("{head}\r\n{body}").as_bytes()).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status: u16 = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut payload = raw[split + 4..].to_vec();
    if headers.iter().any(|(k, v)| k == "transfer-encoding" && v.contains("chunked")) {
        payload = dechunk(&payload);
    }
    Resp { status, headers, body: serde_json::from_slice(&payload).unwrap_or(Value::Null) }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let end = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = usize::from_str_radix(std::str::from_utf8(&data[..end]).unwrap().trim(), 16).unwrap();
        data = &data[end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}

struct Resp {
    status: u16,
    headers: Vec<(String, String)>,
    body: Value,
}

impl Resp {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

/// Kills the servers when dropped (also when the test fails).
struct Procs(Vec<Child>);

impl Drop for Procs {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

struct Env {
    _dir: tempfile::TempDir,
    db: PathBuf,
    policy: PathBuf,
}

/// Every variable that could turn tracing on or point it elsewhere, removed from a child's environment.
const OTEL_VARS: &[&str] = &[
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    "OTEL_SDK_DISABLED",
    "OTEL_SERVICE_NAME",
    "OTEL_EXPORTER_OTLP_PROTOCOL",
    "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
];

impl Env {
    fn new() -> Env {
        let dir = tempfile::tempdir().unwrap();
        let env = Env { db: dir.path().join("foureyes.db"), policy: dir.path().join("policy.yaml"), _dir: dir };
        std::fs::write(&env.policy, POLICY).unwrap();
        env
    }

    fn command(&self) -> Command {
        let mut c = Command::new(BIN);
        c.arg("--db").arg(&self.db).arg("--policy").arg(&self.policy);
        for var in OTEL_VARS.iter().chain(&["FOUREYES_DB", "FOUREYES_POLICY", "FOUREYES_LISTEN"]) {
            c.env_remove(var);
        }
        // Export every 100 ms instead of every 5 s, so the test does not wait for the batch.
        c.env("OTEL_BSP_SCHEDULE_DELAY", "100");
        c
    }

    fn cli(&self, args: &[&str]) -> Output {
        let out = self.command().args(args).output().unwrap();
        assert!(out.status.success(), "foureyes {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        out
    }

    fn token(&self, name: &str, role: &str) -> String {
        let out = self.cli(&["token", "create", "--name", name, "--role", role, "--json"]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v["token"].as_str().unwrap().to_string()
    }

    /// Starts `foureyes serve` with `args` and `envs`; returns the child and the address it printed.
    fn serve(&self, args: &[&str], envs: &[(&str, &str)]) -> (Child, String) {
        let mut child = self
            .command()
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .envs(envs.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut traces = None;
        let mut addr = None;
        let deadline = Instant::now() + Duration::from_secs(30);
        while addr.is_none() || traces.is_none() {
            let line = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())).expect("server banner");
            if let Some(url) = line.split(" on http://").nth(1) {
                addr = Some(url.trim().to_string());
            }
            if line.starts_with("traces: ") {
                traces = Some(line);
            }
        }
        (child, addr.unwrap())
    }
}

/// The spans received whose trace id is `trace` (hex), once `want` of them arrived and a few more export rounds
/// passed (so a span emitted twice shows up as one too many).
fn wait_for_spans(sink: &Sink, trace: &str, want: usize) -> Vec<Received> {
    let deadline = Instant::now() + Duration::from_secs(30);
    let spans = || -> Vec<Received> {
        sink.lock().unwrap().iter().filter(|r| hex(&r.span.trace_id) == trace).cloned().collect()
    };
    while spans().len() < want && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(500));
    spans()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn named<'a>(spans: &'a [Received], name: &str) -> Vec<&'a Received> {
    spans.iter().filter(|r| r.span.name == name).collect()
}

/// The decide span's events as `(name, check result or verdict, reason codes)`.
fn checks(span: &Span) -> Vec<(String, String, String)> {
    span.events
        .iter()
        .map(|e| {
            let result = str_attr(&e.attributes, "foureyes.check.result")
                .or_else(|| str_attr(&e.attributes, "foureyes.verdict"))
                .unwrap_or("?")
                .to_string();
            let codes = str_attr(&e.attributes, "foureyes.reason_codes").unwrap_or("?").to_string();
            (e.name.clone(), result, codes)
        })
        .collect()
}

fn row(step: &str, result: &str, codes: &str) -> (String, String, String) {
    (step.to_string(), result.to_string(), codes.to_string())
}

// ---------------------------------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_request_is_one_trace_across_two_server_processes() {
    let (otlp, sink) = receiver().await;
    tokio::task::spawn_blocking(move || scenario(&otlp, &sink)).await.unwrap();
}

fn scenario(otlp: &str, sink: &Sink) {
    let env = Env::new();
    let agent = env.token("bot", "agent");
    let approver = env.token("alice", "approver");
    let mut procs = Procs(Vec::new());
    let (a, addr_a) = env.serve(&["--otlp-endpoint", otlp], &[]);
    procs.0.push(a);
    let (b, addr_b) = env.serve(&[], &[("OTEL_EXPORTER_OTLP_ENDPOINT", otlp)]);
    procs.0.push(b);
    let (pid_a, pid_b) = (i64::from(procs.0[0].id()), i64::from(procs.0[1].id()));

    // 1. The agent decides on A, inside its own trace: deferred.
    let request =
        json!({"request_id": "pay-1", "action": "payments.send", "params": {"amount_eur": 120, "payee": "ACME"}});
    let caller = format!("00-{CALLER_TRACE}-{CALLER_SPAN}-01");
    let r = http(&addr_a, "POST", "/v1/decide", &agent, &[("traceparent", &caller)], Some(&request));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["verdict"], "defer", "{}", r.body);
    let (approval, digest) = (r.body["approval_id"].as_i64().unwrap(), r.body["digest"].as_str().unwrap().to_string());
    // The response names the request's trace: `00-<trace>-<request span>-01`.
    let parent = r.header("traceparent").expect("the decide response carries the request's traceparent").to_string();
    let parts: Vec<&str> = parent.split('-').collect();
    assert_eq!((parts.len(), parts[0], parts[3]), (4, "00", "01"), "{parent}");
    let (trace, request_span) = (parts[1].to_string(), parts[2].to_string());
    assert_ne!(trace, CALLER_TRACE, "the request has its own trace; the caller's is a link");

    // 2. A person approves on B.
    let r = http(
        &addr_b,
        "POST",
        &format!("/v1/approvals/{approval}/approve"),
        &approver,
        &[],
        Some(&json!({"digest": digest})),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // 3. The agent re-sends its request on B (the release), 4. and reports on A.
    let r = http(&addr_b, "POST", "/v1/decide", &agent, &[], Some(&request));
    assert_eq!(r.body["verdict"], "permit", "{}", r.body);
    assert_eq!(r.header("traceparent"), Some(parent.as_str()), "one request, one trace, on every replica");
    let permit = r.body["decision_id"].as_i64().unwrap();
    let r = http(
        &addr_a,
        "POST",
        &format!("/v1/decisions/{permit}/report"),
        &agent,
        &[],
        Some(&json!({"outcome": "executed"})),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // Another request, denied for its bounds: its own trace, its checks stop at bounds.
    let denied =
        json!({"request_id": "pay-2", "action": "payments.send", "params": {"amount_eur": 9999, "payee": "ACME"}});
    let r = http(&addr_a, "POST", "/v1/decide", &agent, &[], Some(&denied));
    assert_eq!(r.body["verdict"], "deny", "{}", r.body);
    let denied_trace = r.header("traceparent").unwrap().split('-').nth(1).unwrap().to_string();
    assert_ne!(denied_trace, trace);

    let spans = wait_for_spans(sink, &trace, 5);
    let names: Vec<&str> = spans.iter().map(|r| r.span.name.as_str()).collect();
    let summary = format!("{names:?}");
    assert_eq!(spans.len(), 5, "decide, approval requested, human decision, release, report: {summary}");
    for r in &spans {
        assert_eq!(hex(&r.span.parent_span_id), request_span, "every span is a child of the request: {summary}");
    }

    let decides = named(&spans, "foureyes.decide");
    assert_eq!(decides.len(), 2, "{summary}");
    let deferral = decides.iter().find(|r| str_attr(&r.span.attributes, "foureyes.verdict") == Some("defer")).unwrap();
    let release = decides.iter().find(|r| str_attr(&r.span.attributes, "foureyes.verdict") == Some("permit")).unwrap();
    assert_eq!((deferral.pid, release.pid), (pid_a, pid_b), "decided on A, released on B");
    let at = &deferral.span.attributes;
    assert_eq!(str_attr(at, "foureyes.request_id"), Some("pay-1"));
    assert_eq!(str_attr(at, "foureyes.agent"), Some("bot"));
    assert_eq!(str_attr(at, "foureyes.action"), Some("payments.send"));
    assert_eq!(int_attr(at, "foureyes.approval_id"), Some(approval));
    assert_eq!(
        checks(&deferral.span),
        vec![
            row("kill_switch", "pass", ""),
            row("policy_lookup", "pass", ""),
            row("bounds", "pass", ""),
            row("reversibility", "pass", ""),
            row("session_trust", "pass", ""),
            row("dry_run", "pass", ""),
            row("limits", "pass", ""),
            row("verdict", "defer", "approval_required"),
        ]
    );
    let link = deferral.span.links.first().expect("the caller's trace is linked");
    assert_eq!((hex(&link.trace_id), hex(&link.span_id)), (CALLER_TRACE.to_string(), CALLER_SPAN.to_string()));
    assert_eq!(int_attr(&release.span.attributes, "foureyes.decision_id"), Some(permit));
    assert_eq!(checks(&release.span).first().map(|c| c.0.as_str()), Some("kill_switch"));
    assert!(checks(&release.span).contains(&row("approval", "hit", "approved")), "{:?}", checks(&release.span));

    let requested = named(&spans, "foureyes.approval.requested");
    assert_eq!(requested.len(), 1, "{summary}");
    assert_eq!(
        (requested[0].pid, int_attr(&requested[0].span.attributes, "foureyes.approval_id")),
        (pid_a, Some(approval))
    );

    let human = named(&spans, "foureyes.approval.decision");
    assert_eq!(human.len(), 1, "{summary}");
    let at = &human[0].span.attributes;
    assert_eq!(human[0].pid, pid_b);
    assert_eq!(str_attr(at, "foureyes.approver"), Some("alice"));
    assert_eq!(str_attr(at, "foureyes.approval.decision"), Some("approved"));
    let waited = f64_attr(at, "foureyes.approval.waited_seconds").expect("waited seconds");
    assert!((0.0..60.0).contains(&waited), "{waited}");

    let report = named(&spans, "foureyes.report");
    assert_eq!(report.len(), 1, "{summary}");
    let at = &report[0].span.attributes;
    assert_eq!(report[0].pid, pid_a);
    assert_eq!(str_attr(at, "foureyes.outcome"), Some("executed"));
    assert_eq!(str_attr(at, "foureyes.status"), Some("executed"));
    assert!(f64_attr(at, "foureyes.execution_seconds").is_some_and(|s| s >= 0.0));

    let denied_spans = wait_for_spans(sink, &denied_trace, 1);
    assert_eq!(denied_spans.len(), 1);
    assert_eq!(
        checks(&denied_spans[0].span),
        vec![
            row("kill_switch", "pass", ""),
            row("policy_lookup", "pass", ""),
            row("bounds", "hit", "bounds"),
            row("verdict", "deny", "bounds")
        ]
    );
}

#[test]
fn a_bad_otlp_endpoint_is_refused_at_startup() {
    let env = Env::new();
    let out =
        env.command().args(["serve", "--listen", "127.0.0.1:0", "--otlp-endpoint", "collector:4318"]).output().unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("OTLP endpoint `collector:4318` is not an http:// or https:// URL"), "{stderr}");
}
