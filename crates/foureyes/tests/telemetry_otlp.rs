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
//!
//! Export failures are not silent: with a collector answering 503, decisions stay fast, stderr says so (once, not
//! once per batch) and `/metrics` counts the lost spans; when the collector is back, spans arrive and stderr says
//! it recovered. A collector nobody listens for is said and counted the same way.
//!
//! `foureyes mcp-proxy --otlp-endpoint` (in front of the home demo's rmcp server, stdio) sends one span per gated
//! `tools/call`: a permitted call (forwarded, reported executed — the upstream's state file shows it ran) and a
//! denied one (forwarded=false, not run), each in the trace of its (agent, request id); through `--server`, the
//! proxy's span and the server's decide and report spans share that trace, and a call the proxy could not get
//! decided (the server gone) has a span with an error status and forwarded=false.
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
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
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
  mcp.home.set_thermostat:
    tier: 1
    params:
      zone:    { type: string, enum: [living, bedroom] }
      celsius: { type: number, min: 17, max: 23 }
    compensate: { action: mcp.home.set_thermostat, window: 15m }
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
    receiver_switched(Arc::new(AtomicBool::new(true))).await
}

/// A receiver that answers `503 Service Unavailable` (and keeps nothing) while `healthy` is false.
async fn receiver_switched(healthy: Arc<AtomicBool>) -> (String, Sink) {
    let sink: Sink = Arc::default();
    let s = sink.clone();
    let app = axum::Router::new().route(
        "/v1/traces",
        axum::routing::post(move |headers: axum::http::HeaderMap, body: Bytes| {
            let sink = s.clone();
            let healthy = healthy.clone();
            async move {
                if !healthy.load(Ordering::SeqCst) {
                    return (StatusCode::SERVICE_UNAVAILABLE, b"collector overloaded".to_vec());
                }
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
        let (child, addr, _) = self.serve_logged(args, envs);
        (child, addr)
    }

    /// [`Env::serve`], also returning what the server writes to stderr (echoed to the test's stderr as well).
    fn serve_logged(&self, args: &[&str], envs: &[(&str, &str)]) -> (Child, String, Log) {
        let mut child = self
            .command()
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .envs(envs.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let log = Log::follow(child.stderr.take().unwrap());
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
        (child, addr.unwrap(), log)
    }
}

/// The stderr lines of a process, as they come.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<String>>>);

impl Log {
    fn follow(stream: impl Read + Send + 'static) -> Log {
        let log = Log::default();
        let lines = log.0.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                eprintln!("[serve] {line}");
                lines.lock().unwrap().push(line);
            }
        });
        log
    }

    fn lines(&self, containing: &str) -> Vec<String> {
        self.0.lock().unwrap().iter().filter(|l| l.contains(containing)).cloned().collect()
    }

    /// Waits up to 30 s for a line containing `text`.
    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(line) = self.lines(text).into_iter().next() {
                return line;
            }
            assert!(Instant::now() < deadline, "no stderr line with `{text}`: {:?}", self.0.lock().unwrap());
            std::thread::sleep(Duration::from_millis(50));
        }
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

// ---------------------------------------------------------------------------------------------------------------
// A collector that fails, then recovers

/// `GET /metrics` as text.
fn metrics_text(addr: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    stream.write_all(format!("GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes()).unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    assert!(raw.starts_with("HTTP/1.1 200"), "{raw}");
    raw
}

/// The value of the sample named `name` (no labels) in a metrics text; `None` when absent.
fn sample(text: &str, name: &str) -> Option<u64> {
    text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_collector_is_counted_and_said_without_slowing_decisions_and_its_recovery_too() {
    let healthy = Arc::new(AtomicBool::new(false));
    let (otlp, sink) = receiver_switched(healthy.clone()).await;
    tokio::task::spawn_blocking(move || failing_collector(&otlp, &sink, &healthy)).await.unwrap();
}

fn failing_collector(otlp: &str, sink: &Sink, healthy: &AtomicBool) {
    let env = Env::new();
    let agent = env.token("bot", "agent");
    let (child, addr, log) = env.serve_logged(&["--otlp-endpoint", otlp], &[]);
    let _procs = Procs(vec![child]);

    // Denied for their bounds: each decision is journaled and answered, and emits one span.
    let decide = |request_id: &str| {
        let body =
            json!({"request_id": request_id, "action": "payments.send", "params": {"amount_eur": 9999, "payee": "X"}});
        let started = Instant::now();
        let r = http(&addr, "POST", "/v1/decide", &agent, &[], Some(&body));
        let took = started.elapsed();
        assert_eq!((r.status, r.body["verdict"].as_str()), (200, Some("deny")), "{}", r.body);
        (took, r.header("traceparent").unwrap().split('-').nth(1).unwrap().to_string())
    };
    // The collector answers 503 (after the exporter's own retries, the batch is lost). Decisions keep coming while
    // the exporter retries; none of them waits for it.
    let mut slowest = Duration::ZERO;
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut n = 0;
    while log.lines("warning: trace export").is_empty() {
        assert!(Instant::now() < deadline, "no warning on stderr");
        n += 1;
        slowest = slowest.max(decide(&format!("down-{n}")).0);
        std::thread::sleep(Duration::from_millis(100));
    }
    let warning = log.wait_for("warning: trace export");
    assert!(warning.contains(&format!("trace export to {otlp}/v1/traces failed")), "{warning}");
    assert!(warning.contains("503") || warning.contains("Service Unavailable"), "names the error: {warning}");
    assert!(warning.contains("lost so far") && warning.contains("decisions are not affected"), "{warning}");
    // Decisions made while the exporter was failing and retrying were not held up by it.
    assert!(slowest < Duration::from_secs(1), "a decide took {slowest:?} while the collector failed");
    let text = metrics_text(&addr);
    let failures = sample(&text, "foureyes_otlp_export_failures_total").expect("the failure counter is shown");
    let lost = sample(&text, "foureyes_otlp_spans_failed_total").unwrap();
    assert!(failures >= 1 && lost >= failures, "{failures} failed batches, {lost} lost spans:\n{text}");
    assert_eq!(sample(&text, "foureyes_otlp_spans_exported_total"), Some(0), "nothing delivered yet");
    assert!(sink.lock().unwrap().is_empty());
    // More failures within the minute do not repeat the warning.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut i = 0;
    let text = loop {
        i += 1;
        decide(&format!("still-down-{i}"));
        std::thread::sleep(Duration::from_millis(200));
        let text = metrics_text(&addr);
        if sample(&text, "foureyes_otlp_export_failures_total").unwrap() >= 3 {
            break text;
        }
        assert!(Instant::now() < deadline, "failures are not counted: {text}");
    };
    assert_eq!(log.lines("warning: trace export").len(), 1, "rate-limited: {:?}", log.lines("trace export"));
    assert!(log.lines("recovered").is_empty());

    // The collector is back: new spans arrive, and stderr says export recovered.
    healthy.store(true, Ordering::SeqCst);
    let (_, trace) = decide("back-1");
    let spans = wait_for_spans(sink, &trace, 1);
    assert_eq!(spans.len(), 1, "the decision after the recovery is exported");
    let recovered = log.wait_for("recovered");
    assert!(recovered.contains(&format!("trace export to {otlp}/v1/traces recovered")), "{recovered}");
    let after = metrics_text(&addr);
    assert!(sample(&after, "foureyes_otlp_spans_exported_total").unwrap() >= 1, "{after}");
    assert!(
        sample(&after, "foureyes_otlp_export_failures_total").unwrap()
            >= sample(&text, "foureyes_otlp_export_failures_total").unwrap(),
        "a counter never goes down"
    );
}

#[test]
fn a_collector_that_is_not_there_is_said_on_stderr_and_counted() {
    // A port nothing listens on: every export is refused at connect.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let env = Env::new();
    let agent = env.token("bot", "agent");
    let (child, addr, log) = env.serve_logged(&["--otlp-endpoint", &format!("http://{closed}")], &[]);
    let _procs = Procs(vec![child]);
    let body = json!({"request_id": "r1", "action": "payments.send", "params": {"amount_eur": 9999, "payee": "X"}});
    let r = http(&addr, "POST", "/v1/decide", &agent, &[], Some(&body));
    assert_eq!(r.body["verdict"], "deny", "{}", r.body);
    let warning = log.wait_for("warning: trace export");
    assert!(warning.contains(&format!("trace export to http://{closed}/v1/traces failed: ")), "{warning}");
    assert!(warning.contains("1 span(s) in 1 batch(es) lost so far"), "{warning}");
    let text = metrics_text(&addr);
    assert_eq!(sample(&text, "foureyes_otlp_export_failures_total"), Some(1), "{text}");
    assert_eq!(sample(&text, "foureyes_otlp_spans_failed_total"), Some(1), "{text}");
}

// ---------------------------------------------------------------------------------------------------------------
// The MCP proxy

/// `foureyes mcp-proxy` over stdio, with this test as the MCP client.
struct McpClient {
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    next_id: i64,
}

impl McpClient {
    fn start(mut command: Command) -> McpClient {
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().unwrap();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut client = McpClient { child: Some(child), stdin, lines, next_id: 1 };
        let init = client.request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
        );
        assert!(init.get("result").is_some(), "{init}");
        client.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        client
    }

    fn send(&mut self, message: &Value) {
        writeln!(self.stdin.as_mut().unwrap(), "{message}").unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let line = self.lines.recv_timeout(Duration::from_secs(30)).expect("an answer from the proxy");
            let v: Value = serde_json::from_str(&line).unwrap();
            if v["id"] == json!(id) {
                return v;
            }
        }
    }

    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        self.request("tools/call", json!({"name": tool, "arguments": arguments}))["result"].clone()
    }

    /// Closes stdin (the client goes away) and waits for the proxy to exit, which flushes its spans.
    fn close(mut self) {
        drop(self.stdin.take());
        let mut child = self.child.take().unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while child.try_wait().unwrap().is_none() {
            assert!(Instant::now() < deadline, "the proxy did not exit");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for McpClient {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The request's trace id and request span id, as the server derives them, in hex.
fn request_trace(agent: &str, request_id: &str) -> (String, String) {
    let (trace, span) = foureyes_server::telemetry::request_ids(agent, request_id);
    (trace.to_string(), span.to_string())
}

fn bool_attr(attributes: &[KeyValue], key: &str) -> Option<bool> {
    match attr(attributes, key)? {
        any_value::Value::BoolValue(b) => Some(*b),
        _ => None,
    }
}

/// The proxy's call spans received so far.
fn call_spans(sink: &Sink, want: usize) -> Vec<Received> {
    let deadline = Instant::now() + Duration::from_secs(30);
    let spans = || -> Vec<Received> {
        sink.lock().unwrap().iter().filter(|r| r.span.name == "foureyes.mcp.call").cloned().collect()
    };
    while spans().len() < want && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    spans()
}

fn event_names(span: &Span) -> Vec<&str> {
    span.events.iter().map(|e| e.name.as_str()).collect()
}

/// The home demo's rmcp server, behind the proxy over stdio.
fn proxy_command(env: &Env, otlp: &str, state: &std::path::Path, extra: &[&str]) -> Command {
    let mut c = env.command();
    c.args(["mcp-proxy", "--name", "home", "--otlp-endpoint", otlp]).args(extra).arg("--").arg(BIN);
    c.arg("home-mcp-server").arg("--state").arg(state);
    c.env_remove("FOUREYES_TOKEN");
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mcp_proxy_sends_one_span_per_gated_call_in_the_requests_trace() {
    let (otlp, sink) = receiver().await;
    tokio::task::spawn_blocking(move || embedded_proxy(&otlp, &sink)).await.unwrap();
}

fn embedded_proxy(otlp: &str, sink: &Sink) {
    let env = Env::new();
    let state = env._dir.path().join("house.json");
    let mut proxy = McpClient::start(proxy_command(&env, otlp, &state, &[]));
    let permitted = proxy.call("set_thermostat", json!({"zone": "living", "celsius": 21}));
    assert_ne!(permitted["isError"], json!(true), "{permitted}");
    let denied = proxy.call("set_thermostat", json!({"zone": "living", "celsius": 30}));
    assert_eq!(denied["isError"], json!(true), "{denied}");
    let denied_id = denied["_meta"]["dev.foureyes/decision"]["request_id"].as_str().unwrap().to_string();
    proxy.close();
    let house = std::fs::read_to_string(&state).unwrap();
    assert!(house.contains("set_thermostat living 21") && !house.contains("set_thermostat living 30"), "{house}");

    let spans = call_spans(sink, 2);
    assert_eq!(spans.len(), 2, "one span per gated call: {spans:?}");
    let by_verdict = |verdict: &str| {
        spans.iter().find(|r| str_attr(&r.span.attributes, "foureyes.verdict") == Some(verdict)).unwrap().clone()
    };
    let (permit, deny) = (by_verdict("permit"), by_verdict("deny"));
    for (r, forwarded) in [(&permit, true), (&deny, false)] {
        let at = &r.span.attributes;
        assert_eq!(str_attr(at, "foureyes.mcp.server"), Some("home"));
        assert_eq!(str_attr(at, "foureyes.mcp.tool"), Some("set_thermostat"));
        assert_eq!(str_attr(at, "foureyes.action"), Some("mcp.home.set_thermostat"));
        assert_eq!(str_attr(at, "foureyes.agent"), Some("mcp:home"));
        assert_eq!(bool_attr(at, "foureyes.mcp.forwarded"), Some(forwarded), "{:?}", r.span);
        assert_eq!(bool_attr(at, "foureyes.replayed"), Some(false));
        assert!(int_attr(at, "foureyes.decision_id").is_some());
        // Joined to the trace of its (agent, request id), as a child of the request span.
        let request_id = str_attr(at, "foureyes.request_id").expect("the request id");
        let (trace, request_span) = request_trace("mcp:home", request_id);
        assert_eq!((hex(&r.span.trace_id), hex(&r.span.parent_span_id)), (trace, request_span));
    }
    let at = &permit.span.attributes;
    assert_eq!(str_attr(at, "foureyes.reason_codes"), Some("within_policy"));
    assert_eq!(str_attr(at, "foureyes.mcp.upstream"), Some("executed"));
    assert_eq!(str_attr(at, "foureyes.mcp.answer"), Some("forwarded"));
    assert_eq!(event_names(&permit.span), ["decide", "forward", "report"]);
    let at = &deny.span.attributes;
    assert_eq!(str_attr(at, "foureyes.request_id"), Some(denied_id.as_str()));
    assert_eq!(str_attr(at, "foureyes.reason_codes"), Some("bounds"));
    assert_eq!(str_attr(at, "foureyes.mcp.answer"), Some("answered"));
    assert_eq!(str_attr(at, "foureyes.mcp.upstream"), None, "nothing reached the upstream");
    assert_eq!(event_names(&deny.span), ["decide"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_a_server_the_proxys_span_and_the_servers_decide_span_share_one_trace() {
    let (otlp, sink) = receiver().await;
    tokio::task::spawn_blocking(move || remote_proxy(&otlp, &sink)).await.unwrap();
}

fn remote_proxy(otlp: &str, sink: &Sink) {
    let env = Env::new();
    let token = env.token("home-agent", "agent");
    let (server, addr) = env.serve(&["--otlp-endpoint", otlp], &[]);
    let mut procs = Procs(vec![server]);
    let server_pid = i64::from(procs.0[0].id());
    let state = env._dir.path().join("house.json");
    let url = format!("http://{addr}");
    let mut proxy = McpClient::start(proxy_command(&env, otlp, &state, &["--server", &url, "--token", &token]));
    let proxy_pid = i64::from(proxy.child.as_ref().unwrap().id());
    let permitted = proxy.call("set_thermostat", json!({"zone": "bedroom", "celsius": 19}));
    assert_ne!(permitted["isError"], json!(true), "{permitted}");
    let denied = proxy.call("set_thermostat", json!({"zone": "bedroom", "celsius": 30}));
    assert_eq!(denied["isError"], json!(true), "{denied}");
    let calls = call_spans(sink, 2);
    assert_eq!(calls.len(), 2, "{calls:?}");

    // The server goes away: the next call is answered, not forwarded, and its span says why.
    let _ = procs.0[0].kill();
    let _ = procs.0[0].wait();
    let unreachable = proxy.call("set_thermostat", json!({"zone": "living", "celsius": 20}));
    assert_eq!(unreachable["isError"], json!(true), "{unreachable}");
    proxy.close();
    let all = call_spans(sink, 3);
    assert_eq!(all.len(), 3, "{all:?}");
    let failed = all.iter().find(|r| str_attr(&r.span.attributes, "foureyes.verdict").is_none()).unwrap();
    let at = &failed.span.attributes;
    assert_eq!(bool_attr(at, "foureyes.mcp.forwarded"), Some(false));
    assert_eq!(str_attr(at, "foureyes.mcp.answer"), Some("answered"));
    let status = failed.span.status.as_ref().expect("an error status");
    assert!(status.message.contains("unreachable"), "{status:?}");
    assert!(
        failed.span.events.iter().any(|e| e.name == "decide" && str_attr(&e.attributes, "foureyes.error").is_some())
    );

    for call in &calls {
        assert_eq!(call.pid, proxy_pid);
        let at = &call.span.attributes;
        // The server decides as the token's principal, and the proxy's span joins that request's trace.
        assert_eq!(str_attr(at, "foureyes.agent"), Some("home-agent"));
        let request_id = str_attr(at, "foureyes.request_id").unwrap();
        let trace = hex(&call.span.trace_id);
        assert_eq!(trace, request_trace("home-agent", request_id).0);
        let verdict = str_attr(at, "foureyes.verdict").unwrap();
        let want = if verdict == "permit" { 2 } else { 1 };
        let server_spans: Vec<Received> =
            wait_for_spans(sink, &trace, want + 1).into_iter().filter(|r| r.pid == server_pid).collect();
        let decide = named(&server_spans, "foureyes.decide");
        assert_eq!(decide.len(), 1, "the server's decide span is in the proxy's trace: {server_spans:?}");
        assert_eq!(str_attr(&decide[0].span.attributes, "foureyes.request_id"), Some(request_id));
        assert_eq!(str_attr(&decide[0].span.attributes, "foureyes.verdict"), Some(verdict));
        assert_eq!(decide[0].span.parent_span_id, call.span.parent_span_id, "siblings under the request span");
        let forwarded = bool_attr(at, "foureyes.mcp.forwarded");
        if verdict == "permit" {
            assert_eq!(forwarded, Some(true));
            assert_eq!(named(&server_spans, "foureyes.report").len(), 1, "the report joins the trace too");
        } else {
            assert_eq!((verdict, forwarded), ("deny", Some(false)));
        }
    }
    let house = std::fs::read_to_string(&state).unwrap();
    assert!(house.contains("set_thermostat bedroom 19") && !house.contains("set_thermostat bedroom 30"), "{house}");
}
