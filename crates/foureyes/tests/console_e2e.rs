//! The approval console end to end, in real headless Chromium (Debian's `chromium` + `chromium-driver`, driven over
//! WebDriver with `fantoccini`), against the real `foureyes serve` binary on a fresh database.
//!
//! An approver signs in; an executor (a thread here, speaking plain HTTP as an agent) asks for a tier-3
//! `payments.send`; the card appears live (event stream, no reload) showing every param as text (one of them is an
//! HTML injection attempt) and the full digest; a second approver votes over the API and the card updates live; the
//! page approves; the executor that was long-polling `/wait` is released and, re-sending the same `request_id`, gets
//! `permit`. Then: a rejection with a reason releases a second waiting executor with "rejected"; an executed
//! tier-1 action shows an Undo button that works; an admin engages and releases the kill switch through the
//! confirm dialog and sees the banner. Screenshots (desktop and 375 px wide) go to `target/e2e/`.
//!
//! Missing browser tools fail the test with what to run (`cargo xtask test` installs them); never a silent skip.

use crate::support::free_port;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const BIN: &str = env!("CARGO_BIN_EXE_foureyes");
/// How long any one thing may take to show up in the page.
const WAIT: Duration = Duration::from_secs(15);
/// An agent-controlled param value that must be shown as text, never run as markup.
const INJECTION: &str = "<img src=x onerror=\"document.title='pwned'\">ACME";
/// The demo policy's shape (a reversible tier-1 action with an undo window, a payment behind two approvers) plus an
/// action whose approval needs step-up (TOTP).
const POLICY: &str = r#"
version: 1
timezone: Europe/Berlin
defaults:
  approvals: { required: 1, ttl: 24h }
  undo_window: 15m
actions:
  climate.set_temperature:
    tier: 1
    description: Set a zone's thermostat.
    params:
      zone:    { type: string, enum: [living, bedroom] }
      celsius: { type: number, min: 17, max: 23 }
    compensate: { action: climate.set_temperature, window: 15m }
  payments.send:
    tier: 3
    description: Send money to a payee.
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
      payee:      { type: string, max_len: 64 }
    approvals: { required: 2, ttl: 24h }
  vault.open:
    tier: 3
    description: Open the vault door.
    params: { door: { type: string, max_len: 32 } }
    approvals: { required: 1, ttl: 1h, step_up: true }
session_trust:
  cooling_period: 30m
  demote_on: { flags: [prompt_injection] }
"#;

type Res<T> = Result<T, String>;

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(format!($($fmt)+));
        }
    };
}

/// A child process killed (by its own pid) when dropped.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Where artifacts go: `<target>/e2e`, next to the binary's profile directory.
fn artifacts_dir() -> PathBuf {
    let bin = Path::new(BIN);
    let target = bin.parent().and_then(Path::parent).map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("target"));
    target.join("e2e")
}

fn require_browser_tools() {
    let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER].into_iter().filter(|p| !Path::new(p).exists()).collect();
    assert!(
        missing.is_empty(),
        "the console end-to-end test needs Debian's Chromium and ChromeDriver, and {missing:?} is missing. \
         Run `cargo xtask test` (it installs them), or `apt-get install -y chromium chromium-driver`."
    );
}

fn foureyes(db: &Path) -> Command {
    let mut cmd = Command::new(BIN);
    for var in ["FOUREYES_DB", "FOUREYES_POLICY", "FOUREYES_LISTEN"] {
        cmd.env_remove(var);
    }
    cmd.arg("--db").arg(db);
    cmd
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// What `foureyes serve` printed for a fresh database.
struct Served {
    addr: String,
    admin_token: String,
    signin_link: String,
}

/// Starts `foureyes serve` on a free port; returns it, its address (`127.0.0.1:port`), the first admin's token and
/// the one-time sign-in link.
fn start_server(db: &Path, policy: &Path) -> Res<(Proc, Served)> {
    let mut child = foureyes(db)
        .arg("--policy")
        .arg(policy)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {BIN}: {e}"))?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let server = Proc(child);
    let (tx, rx) = mpsc::channel();
    // Keep draining stdout so the server never blocks on a full pipe.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let (mut base, mut admin, mut link) = (None, None, None);
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen = Vec::new();
    while base.is_none() || admin.is_none() || link.is_none() {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = rx
            .recv_timeout(left)
            .map_err(|_| format!("`foureyes serve` did not print its URL and admin token; it printed: {seen:#?}"))?;
        if let Some(url) = line.strip_prefix("console: ") {
            base = url.trim().strip_suffix("/console").map(str::to_string);
        }
        if let Some((_, token)) = line.split_once("admin token (shown once, keep it): ") {
            admin = Some(token.trim().to_string());
        }
        if let Some((_, url)) = line.split_once("sign in once (valid 15 minutes): ") {
            link = Some(url.trim().to_string());
        }
        seen.push(line);
    }
    let base = base.unwrap_or_default();
    let addr = base.strip_prefix("http://").ok_or_else(|| format!("unexpected URL {base}"))?.to_string();
    Ok((server, Served { addr, admin_token: admin.unwrap_or_default(), signin_link: link.unwrap_or_default() }))
}

/// Creates a credential; returns its token and, with `totp`, its TOTP secret.
fn create_token(db: &Path, name: &str, role: &str, totp: bool) -> Res<(String, Option<String>)> {
    let mut cmd = foureyes(db);
    cmd.args(["token", "create", "--name", name, "--role", role, "--json"]);
    if totp {
        cmd.arg("--totp");
    }
    let out = cmd.output().map_err(|e| format!("cannot run token create: {e}"))?;
    ensure!(out.status.success(), "token create {name} failed: {}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).map_err(|e| format!("token create --json: {e}"))?;
    let token = v["token"].as_str().map(str::to_string).ok_or_else(|| format!("no token in {v}"))?;
    Ok((token, v["totp_secret"].as_str().map(str::to_string)))
}

/// One plain HTTP/1.1 request (`Connection: close`) with a bearer token; returns the status and the JSON body.
fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&Value>,
    timeout: Duration,
) -> Res<(u16, Value)> {
    let mut s = TcpStream::connect(addr).map_err(|e| format!("connect {addr}: {e}"))?;
    s.set_read_timeout(Some(timeout)).map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).map_err(|e| format!("{method} {path}: {e}"))?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).map_err(|e| format!("{method} {path}: reading the response: {e}"))?;
    let text = String::from_utf8_lossy(&raw);
    let (head, rest) =
        text.split_once("\r\n\r\n").ok_or_else(|| format!("{method} {path}: no HTTP response: {text}"))?;
    let status: u16 =
        head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| format!("bad status line: {head}"))?;
    let chunked = head.lines().any(|l| {
        let l = l.to_ascii_lowercase();
        l.starts_with("transfer-encoding:") && l.contains("chunked")
    });
    let body = if chunked { dechunk(rest)? } else { rest.to_string() };
    let value = if body.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&body).map_err(|e| format!("{method} {path}: {e}: {body}"))?
    };
    Ok((status, value))
}

fn dechunk(mut rest: &str) -> Res<String> {
    let mut out = String::new();
    loop {
        let (size, after) = rest.split_once("\r\n").ok_or("bad chunk")?;
        let size = usize::from_str_radix(size.trim(), 16).map_err(|e| format!("bad chunk size: {e}"))?;
        if size == 0 {
            return Ok(out);
        }
        out.push_str(after.get(..size).ok_or("short chunk")?);
        rest = after.get(size + 2..).ok_or("short chunk")?;
    }
}

/// The agent side, as an executor would run it.
#[derive(Clone)]
struct Agent {
    addr: String,
    token: String,
}

impl Agent {
    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Res<Value> {
        let (status, v) = http(&self.addr, method, path, &self.token, body, Duration::from_secs(90))?;
        ensure!((200..300).contains(&status), "{method} {path} -> {status}: {v}");
        Ok(v)
    }

    fn decide(&self, body: &Value) -> Res<Value> {
        self.call("POST", "/v1/decide", Some(body))
    }
}

/// What an executor saw: its first verdict, the `/wait` answer (and how long it waited), and the re-sent verdict.
struct Executed {
    first: Value,
    waited: Value,
    wait_took: Duration,
    again: Value,
}

/// Starts an executor: decide (deferred), tell the test the verdict, long-poll `/wait`, then re-send the same
/// request.
fn spawn_executor(
    agent: Agent,
    body: Value,
) -> (tokio::sync::oneshot::Receiver<Value>, tokio::task::JoinHandle<Res<Executed>>) {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let handle = tokio::task::spawn_blocking(move || {
        let first = agent.decide(&body)?;
        let _ = tx.send(first.clone());
        let id = first["decision_id"].as_i64().ok_or_else(|| format!("no decision_id in {first}"))?;
        let started = Instant::now();
        let waited = agent.call("GET", &format!("/v1/decisions/{id}/wait?timeout=60s"), None)?;
        let wait_took = started.elapsed();
        let again = agent.decide(&body)?;
        Ok(Executed { first, waited, wait_took, again })
    });
    (rx, handle)
}

async fn start_browser(profile: &Path) -> Res<(Proc, Client)> {
    let port = free_port();
    let log = std::fs::File::create(artifacts_dir().join("chromedriver.log")).map_err(|e| e.to_string())?;
    let driver = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::from(log.try_clone().map_err(|e| e.to_string())?))
        .stderr(Stdio::from(log))
        .spawn()
        .map_err(|e| format!("cannot start {CHROMEDRIVER}: {e}"))?;
    let driver = Proc(driver);
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        ensure!(Instant::now() < deadline, "chromedriver did not listen on port {port} within 20 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
                "--disable-extensions", "--no-default-browser-check", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--window-size=1280,1000",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .map_err(|e| format!("cannot open a Chromium session through chromedriver: {e}"))?;
    Ok((driver, client))
}

/// The browser, with helpers that fail with a useful message.
struct Page<'a> {
    c: &'a Client,
}

impl Page<'_> {
    async fn js(&self, script: &str, args: Vec<Value>) -> Res<Value> {
        self.c.execute(script, args).await.map_err(|e| format!("script failed: {e}\n{script}"))
    }

    /// Polls `script` until it returns something truthy; returns that value.
    async fn wait_for(&self, what: &str, script: &str, args: Vec<Value>) -> Res<Value> {
        let deadline = Instant::now() + WAIT;
        loop {
            let v = self.js(script, args.clone()).await?;
            let truthy = !matches!(v, Value::Null | Value::Bool(false)) && v != json!("") && v != json!(0);
            if truthy {
                return Ok(v);
            }
            if Instant::now() > deadline {
                let text = self.js("return document.body.innerText.slice(0, 4000)", vec![]).await.unwrap_or_default();
                let errors = self.page_errors().await.unwrap_or_default();
                return Err(format!(
                    "timed out after {WAIT:?} waiting for {what}\npage errors: {errors}\npage text:\n{}",
                    text.as_str().unwrap_or_default()
                ));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn click(&self, css: &str) -> Res<()> {
        // A live refresh may replace the element between finding and clicking it (WebDriver's "stale element
        // reference"); a person's click lands on the replacement, so find it again, a bounded number of times. Any
        // other error, or a fourth stale one, fails the test.
        for attempt in 0.. {
            let el = self.c.find(Locator::Css(css)).await.map_err(|e| format!("no element {css}: {e}"))?;
            match el.click().await {
                Ok(()) => return Ok(()),
                Err(e) if attempt < 3 && e.to_string().contains("stale element") => continue,
                Err(e) => return Err(format!("cannot click {css}: {e}")),
            }
        }
        unreachable!("the loop returns")
    }

    async fn type_into(&self, css: &str, text: &str) -> Res<()> {
        // A live refresh may replace the field between finding and typing, as with `click`: a stale reference types
        // nothing, so find the replacement again, a bounded number of times.
        for attempt in 1..=3 {
            let el = self.c.find(Locator::Css(css)).await.map_err(|e| format!("no element {css}: {e}"))?;
            match el.send_keys(text).await {
                Ok(()) => return Ok(()),
                Err(e) if attempt < 3 && e.to_string().contains("stale element") => continue,
                Err(e) => return Err(format!("cannot type into {css}: {e}")),
            }
        }
        unreachable!("the loop returns")
    }

    async fn visible(&self, css: &str) -> Res<bool> {
        let v = self
            .js(
                "const e = document.querySelector(arguments[0]); return !!e && e.getClientRects().length > 0;",
                vec![json!(css)],
            )
            .await?;
        Ok(v == json!(true))
    }

    async fn page_errors(&self) -> Res<String> {
        let v = self.js("return document.querySelector('[data-testid=page-errors]').textContent", vec![]).await?;
        Ok(v.as_str().unwrap_or_default().to_string())
    }

    async fn screenshot(&self, name: &str, width: u32, height: u32) -> Res<PathBuf> {
        self.c.set_window_size(width, height).await.map_err(|e| format!("resize: {e}"))?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let png = self.c.screenshot().await.map_err(|e| format!("screenshot: {e}"))?;
        let path = artifacts_dir().join(name);
        std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path)
    }

    async fn sign_in(&self, token: &str, name: &str) -> Res<()> {
        self.wait_for(
            "the sign-in form",
            "return document.getElementById('signin-token')?.offsetParent !== null",
            vec![],
        )
        .await?;
        self.type_into("[data-testid=signin-token]", token).await?;
        self.click("[data-testid=signin-submit]").await?;
        self.wait_for(
            &format!("`{name}` to be signed in"),
            "return document.querySelector('[data-testid=whoami]').textContent === arguments[0]",
            vec![json!(name)],
        )
        .await?;
        Ok(())
    }
}

fn card_css(approval_id: i64) -> String {
    format!("[data-testid=approval-card][data-approval-id=\"{approval_id}\"]")
}

/// Everything the test checks on a card, read from the DOM.
const READ_CARD: &str = r#"
const card = document.querySelector(arguments[0]);
if (!card) return null;
const q = (s) => card.querySelector(s);
return {
  action: q('[data-testid=card-action]').textContent,
  agent: q('[data-testid=card-agent]').textContent,
  digest: q('[data-testid=digest]').textContent,
  params: [...card.querySelectorAll('[data-testid=param-row]')].map((r) =>
    [r.querySelector('[data-testid=param-key]').textContent, r.querySelector('[data-testid=param-value]').textContent]),
  given: q('[data-testid=approval-progress]').dataset.given,
  required: q('[data-testid=approval-progress]').dataset.required,
  progress: q('[data-testid=approval-progress]').textContent,
  expires: q('[data-testid=expires-in]').textContent,
  approveEnabled: !q('[data-testid=approve-button]').disabled,
  elements: [...card.querySelectorAll('img, script, iframe, object')].length,
  title: document.title,
};
"#;

struct Ctx {
    addr: String,
    admin: String,
    signin_link: String,
    alice: String,
    alice_totp: String,
    bob: String,
    agent: Agent,
}

/// Makes the console rebuild its "approved" list, as any live decision does, and waits until `row` is a new element.
async fn approved_list_rebuilt(page: &Page<'_>, ctx: &Ctx, row: &str, request_id: &str) -> Res<()> {
    page.js("document.querySelector(arguments[0]).dataset.e2eOld = 'yes'", vec![json!(row)]).await?;
    // A bounds denial: journaled as `decided` (which refreshes the approved list) and executes nothing.
    let denied = ctx.agent.decide(&json!({
        "request_id": request_id, "action": "climate.set_temperature", "params": {"zone": "living", "celsius": 30}
    }))?;
    ensure!(denied["verdict"] == "deny", "out-of-bounds thermostat: {denied}");
    page.wait_for(
        "the approved list to be rebuilt",
        "const r = document.querySelector(arguments[0]); return !!r && r.dataset.e2eOld !== 'yes'",
        vec![json!(row)],
    )
    .await?;
    Ok(())
}

async fn scenario(page: &Page<'_>, ctx: &Ctx) -> Res<()> {
    let t0 = Instant::now();
    let step = |what: &str| eprintln!("[{:>6.2}s] {what}", t0.elapsed().as_secs_f64());
    page.c.goto(&format!("http://{}/console", ctx.addr)).await.map_err(|e| format!("goto: {e}"))?;

    // A wrong token is refused inline.
    page.wait_for("the sign-in form", "return document.getElementById('signin-token')?.offsetParent !== null", vec![])
        .await?;
    page.type_into("[data-testid=signin-token]", "fe_not_a_real_token").await?;
    page.click("[data-testid=signin-submit]").await?;
    page.wait_for(
        "the sign-in error",
        "const e = document.querySelector('[data-testid=signin-error]'); return !e.hidden && e.textContent",
        vec![],
    )
    .await?;
    page.js("document.getElementById('signin-token').value = ''", vec![]).await?;

    page.sign_in(&ctx.alice, "alice").await?;
    let role = page.js("return document.querySelector('[data-testid=role]').textContent", vec![]).await?;
    ensure!(role == json!("approver"), "role shown: {role}");
    ensure!(!page.visible("[data-testid=kill-toggle]").await?, "an approver must not see the kill-switch toggle");
    page.wait_for(
        "the event stream",
        "return document.querySelector('[data-testid=live-status]').dataset.state === 'open'",
        vec![],
    )
    .await?;
    page.wait_for(
        "chain status ok",
        "return document.querySelector('[data-testid=chain-status]').dataset.status === 'ok'",
        vec![],
    )
    .await?;
    // Marks this document: if the page reloaded, the mark would be gone.
    page.js("window.__e2e_same_document = 'yes'", vec![]).await?;
    step("signed in as alice; event stream open; chain ok");

    // A tier-1 action executed by the agent: its row gets an Undo button (15 min window in the demo policy).
    let heat = ctx.agent.decide(&json!({
        "request_id": "e2e-heat-1", "action": "climate.set_temperature", "params": {"zone": "living", "celsius": 21}
    }))?;
    ensure!(heat["verdict"] == "permit", "climate.set_temperature: {heat}");
    let heat_id = heat["decision_id"].as_i64().ok_or("no decision id")?;
    ctx.agent.call(
        "POST",
        &format!("/v1/decisions/{heat_id}/report"),
        Some(&json!({"outcome": "executed", "detail": {"before": {"celsius": 19.5}}})),
    )?;
    let row = format!("[data-testid=decision-row][data-decision-id=\"{heat_id}\"]");
    page.wait_for(
        "the executed decision with an Undo button",
        "const r = document.querySelector(arguments[0]); return !!r && r.dataset.status === 'executed' && !!r.querySelector('[data-testid=undo-button]:not([disabled])')",
        vec![json!(row)],
    )
    .await?;
    step("executed tier-1 decision shows Undo");

    // The executor asks for a payment; the card must appear live.
    let pay = json!({
        "request_id": "e2e-pay-1",
        "action": "payments.send",
        "params": {"amount_eur": 42.5, "payee": INJECTION},
        "evidence": {"invoice": "INV-42", "note": INJECTION},
    });
    let (first, executor) = spawn_executor(ctx.agent.clone(), pay);
    let first = first.await.map_err(|_| "the executor died before deciding".to_string())?;
    ensure!(first["verdict"] == "defer", "payments.send must be deferred: {first}");
    let approval_id = first["approval_id"].as_i64().ok_or("no approval_id")?;
    let digest = first["digest"].as_str().ok_or("no digest")?.to_string();
    let asked = Instant::now();
    let card = card_css(approval_id);
    page.wait_for(
        "the pending card to appear live",
        "return !!document.querySelector(arguments[0])",
        vec![json!(card)],
    )
    .await?;
    step(&format!("card for approval {approval_id} appeared {} ms after the decision", asked.elapsed().as_millis()));
    let same = page.js("return window.__e2e_same_document", vec![]).await?;
    ensure!(same == json!("yes"), "the page reloaded: the card must arrive through the event stream");

    let shown = page.js(READ_CARD, vec![json!(card)]).await?;
    ensure!(shown["action"] == "payments.send", "action shown: {shown}");
    ensure!(shown["agent"] == "agent-7", "agent shown: {shown}");
    ensure!(shown["digest"] == json!(digest), "the full digest must be shown: {shown} vs {digest}");
    ensure!(
        shown["params"] == json!([["amount_eur", "42.5"], ["payee", INJECTION]]),
        "every param must be shown verbatim as text: {}",
        shown["params"]
    );
    ensure!(shown["elements"] == json!(0), "agent text became markup: {shown}");
    ensure!(shown["title"] != "pwned", "agent text ran as script");
    ensure!(shown["given"] == "0" && shown["required"] == "2", "progress: {shown}");
    ensure!(shown["expires"].as_str().is_some_and(|s| s.contains(" h ")), "countdown: {shown}");
    ensure!(shown["approveEnabled"] == json!(true), "approve must be enabled: {shown}");
    let evidence = page
        .js(
            "const e = document.querySelector(arguments[0] + ' [data-testid=card-evidence]'); \
             return e ? [e.textContent, e.querySelectorAll('*').length - e.querySelectorAll('span').length] : null",
            vec![json!(card)],
        )
        .await?;
    ensure!(
        evidence[0].as_str().is_some_and(|t| t.contains("INV-42")) && evidence[1] == json!(0),
        "the evidence must be shown on the card, as text: {evidence}"
    );

    // Bob approves over the API; the card shows 1 of 2 live.
    let (status, vote) = http(
        &ctx.addr,
        "POST",
        &format!("/v1/approvals/{approval_id}/approve"),
        &ctx.bob,
        Some(&json!({"digest": digest})),
        Duration::from_secs(10),
    )?;
    ensure!(status == 200 && vote["counted"] == json!(true), "bob's vote: {status} {vote}");
    page.wait_for(
        "bob's vote to show on the card",
        "const p = document.querySelector(arguments[0] + ' [data-testid=approval-progress]'); return !!p && p.dataset.given === '1' && p.textContent.includes('bob')",
        vec![json!(card)],
    )
    .await?;
    step("bob's vote shown live (1 of 2)");

    // Screenshots of a real pending card: desktop and phone width (no sideways scrolling on a phone).
    let desktop = page.screenshot("console.png", 1280, 1500).await?;
    let phone = page.screenshot("console-375.png", 375, 2200).await?;
    let overflow = page.js("return document.documentElement.scrollWidth", vec![]).await?;
    ensure!(overflow.as_u64().is_some_and(|w| w <= 375), "at 375 px the page scrolls sideways: scrollWidth {overflow}");
    page.c.set_window_size(1280, 1000).await.map_err(|e| e.to_string())?;
    step(&format!("screenshots: {} and {}", desktop.display(), phone.display()));

    // Alice approves in the page: the waiting executor is released and gets the permit.
    let clicked = Instant::now();
    page.click(&format!("{card} [data-testid=approve-button]")).await?;
    page.wait_for(
        "the approved card to leave the pending list",
        "return !document.querySelector(arguments[0])",
        vec![json!(card)],
    )
    .await?;
    let done = executor.await.map_err(|e| format!("executor panicked: {e}"))??;
    let released_after = clicked.elapsed();
    ensure!(done.first["verdict"] == "defer", "first verdict: {}", done.first);
    ensure!(done.waited["waiting"] == json!(false), "the executor was not released: {}", done.waited);
    ensure!(done.waited["approval"]["status"] == "approved", "wait answer: {}", done.waited);
    ensure!(done.waited["approval"]["approvers"] == json!(["bob", "alice"]), "approvers: {}", done.waited);
    ensure!(
        done.wait_took < Duration::from_secs(55),
        "the executor timed out instead of being released: {:?}",
        done.wait_took
    );
    ensure!(done.again["verdict"] == "permit", "re-sent request must be permitted: {}", done.again);
    step(&format!(
        "executor released {} ms after the click (waited {:.1} s in all); re-sent request_id -> permit",
        released_after.as_millis(),
        done.wait_took.as_secs_f64()
    ));
    let permit_id = done.again["decision_id"].as_i64().ok_or("no permit id")?;
    page.wait_for(
        "the permit as 'intended, not confirmed'",
        "const r = document.querySelector(`[data-testid=decision-row][data-decision-id=\"${arguments[0]}\"]`); return !!r && r.dataset.verdict === 'permit' && r.querySelector('[data-testid=decision-status]').textContent === 'intended, not confirmed'",
        vec![json!(permit_id)],
    )
    .await?;

    // A second payment, rejected with a reason: its waiting executor hears "rejected".
    let pay2 = json!({"request_id": "e2e-pay-2", "action": "payments.send", "params": {"amount_eur": 10, "payee": "Bob\u{FE0F}'s Bakery\u{202E}lanigiro"}});
    let (first2, executor2) = spawn_executor(ctx.agent.clone(), pay2);
    let first2 = first2.await.map_err(|_| "the executor died before deciding".to_string())?;
    let approval2 = first2["approval_id"].as_i64().ok_or_else(|| format!("no approval_id: {first2}"))?;
    let card2 = card_css(approval2);
    page.wait_for("the second card", "return !!document.querySelector(arguments[0])", vec![json!(card2)]).await?;
    // A variation selector (drawn as nothing after a letter: attack 32 H1) and a right-to-left override in the payee
    // are shown as visible markers, with a warning on the card.
    let flagged = page
        .js(
            "const c = document.querySelector(arguments[0]); return [c.querySelector('[data-testid=hidden-chars]')?.textContent ?? '', [...c.querySelectorAll('[data-testid=param-value] .esc')].map((e) => e.textContent)]",
            vec![json!(card2)],
        )
        .await?;
    ensure!(
        flagged[0].as_str().is_some_and(|t| t.contains("2 invisible or direction-changing"))
            && flagged[1] == json!(["U+FE0F", "U+202E"]),
        "the variation selector and the bidi override must be flagged: {flagged}"
    );
    page.click(&format!("{card2} [data-testid=reject-button]")).await?;
    page.type_into(&format!("{card2} [data-testid=reject-reason]"), "not a payee we know").await?;
    page.click(&format!("{card2} [data-testid=reject-confirm]")).await?;
    let done2 = executor2.await.map_err(|e| format!("executor panicked: {e}"))??;
    ensure!(done2.waited["approval"]["status"] == "rejected", "wait answer: {}", done2.waited);
    ensure!(done2.waited["next"] == "rejected: do not execute", "wait answer: {}", done2.waited);
    ensure!(done2.again["verdict"] == "deny", "a rejected request re-sent must be denied: {}", done2.again);
    page.wait_for(
        "the rejection in the closed list, with its reason",
        "const r = document.querySelector(`[data-testid=closed-item][data-approval-id=\"${arguments[0]}\"]`); return !!r && r.dataset.status === 'rejected' && r.textContent.includes('not a payee we know')",
        vec![json!(approval2)],
    )
    .await?;
    step("rejected with a reason; second executor told `rejected`");

    // Step-up: the card asks for a TOTP code; a wrong one is refused by the API and the error shows on the card.
    let vault =
        ctx.agent.decide(&json!({"request_id": "e2e-vault-1", "action": "vault.open", "params": {"door": "front"}}))?;
    let vault_id = vault["approval_id"].as_i64().ok_or_else(|| format!("vault.open must be deferred: {vault}"))?;
    let card3 = card_css(vault_id);
    page.wait_for(
        "the step-up card",
        "return !!document.querySelector(arguments[0] + ' [data-testid=totp-input]')",
        vec![json!(card3)],
    )
    .await?;
    let card_error = "const e = document.querySelector(arguments[0] + ' [data-testid=card-error]'); return !e.hidden && e.textContent.includes(arguments[1]) && e.textContent";
    page.click(&format!("{card3} [data-testid=approve-button]")).await?;
    page.wait_for("the missing-code hint", card_error, vec![json!(card3), json!("6-digit code")]).await?;
    let now = now_ms();
    let valid: Vec<String> = [-30_000, 0, 30_000, 60_000]
        .iter()
        .filter_map(|dt| foureyes_server::totp_code(&ctx.alice_totp, now + dt))
        .collect();
    let wrong = (0..1_000_000).map(|n| format!("{n:06}")).find(|c| !valid.contains(c)).ok_or("no wrong code")?;
    page.type_into(&format!("{card3} [data-testid=totp-input]"), &wrong).await?;
    page.click(&format!("{card3} [data-testid=approve-button]")).await?;
    let refused =
        page.wait_for("the API's refusal on the card", card_error, vec![json!(card3), json!("wrong or stale")]).await?;
    ensure!(refused.as_str().is_some_and(|t| t.starts_with("forbidden")), "the error code must be shown: {refused}");
    let input =
        page.c.find(Locator::Css(&format!("{card3} [data-testid=totp-input]"))).await.map_err(|e| e.to_string())?;
    input.clear().await.map_err(|e| e.to_string())?;
    let code = foureyes_server::totp_code(&ctx.alice_totp, now_ms()).ok_or("cannot compute a TOTP code")?;
    page.type_into(&format!("{card3} [data-testid=totp-input]"), &code).await?;
    page.click(&format!("{card3} [data-testid=approve-button]")).await?;
    page.wait_for("the step-up card to leave", "return !document.querySelector(arguments[0])", vec![json!(card3)])
        .await?;
    let (_, approval) =
        http(&ctx.addr, "GET", &format!("/v1/approvals/{vault_id}"), &ctx.bob, None, Duration::from_secs(10))?;
    ensure!(approval["status"] == "approved", "step-up approval: {approval}");
    step("step-up: missing code, wrong code (API error on the card), right code -> approved");

    // Withdrawing consent: the approved, unused vault approval has a Revoke button; a reason is required; once
    // revoked it moves to the closed list and the agent's re-send is denied `approval_revoked`.
    let approved_row = format!("[data-testid=approved-item][data-approval-id=\"{vault_id}\"]");
    page.wait_for("the approved row", "return !!document.querySelector(arguments[0])", vec![json!(approved_row)])
        .await?;
    page.click(&format!("{approved_row} [data-testid=revoke-button]")).await?;
    // A live refresh rebuilds the rows (the approval has just arrived, so one is often in flight): the open form, and
    // later its error, must survive it. Forcing one here makes the CI flake of F37 deterministic.
    approved_list_rebuilt(page, ctx, &approved_row, "e2e-refresh-1").await?;
    page.click(&format!("{approved_row} [data-testid=revoke-confirm]")).await?;
    let missing_reason = "const e = document.querySelector(arguments[0] + ' [data-testid=revoke-error]'); return !e.hidden && e.textContent.includes('Say why')";
    page.wait_for("the missing-reason hint", missing_reason, vec![json!(approved_row)]).await?;
    approved_list_rebuilt(page, ctx, &approved_row, "e2e-refresh-2").await?;
    page.wait_for("the missing-reason hint after a refresh", missing_reason, vec![json!(approved_row)]).await?;
    page.type_into(&format!("{approved_row} [data-testid=revoke-reason]"), "the door code leaked").await?;
    page.click(&format!("{approved_row} [data-testid=revoke-confirm]")).await?;
    page.wait_for(
        "the revoke in the closed list, with its reason",
        "const r = document.querySelector(`[data-testid=closed-item][data-approval-id=\"${arguments[0]}\"]`); return !!r && r.dataset.status === 'revoked' && r.textContent.includes('the door code leaked') && !document.querySelector(arguments[1])",
        vec![json!(vault_id), json!(approved_row)],
    )
    .await?;
    let again =
        ctx.agent.decide(&json!({"request_id": "e2e-vault-1", "action": "vault.open", "params": {"door": "front"}}))?;
    ensure!(
        again["verdict"] == "deny" && again["reasons"][0]["code"] == "approval_revoked" && again["replayed"] == false,
        "the release of a revoked approval: {again}"
    );
    step("revoked in the console with a reason; the agent's re-send denied `approval_revoked`");

    // Undo the executed thermostat change, through the confirm dialog.
    page.click(&format!("{row} [data-testid=undo-button]")).await?;
    page.wait_for("the confirm dialog", "return document.querySelector('[data-testid=confirm-dialog]').open", vec![])
        .await?;
    page.click("[data-testid=confirm-ok]").await?;
    page.wait_for(
        "the undo result",
        "const r = document.querySelector(arguments[0] + ' [data-testid=undo-result]'); return !!r && !r.hidden && r.textContent.startsWith('Undo decided: permit') && r.textContent",
        vec![json!(row)],
    )
    .await?;
    step("undo requested: permit");

    // The journal saw all of it, and the chain is intact.
    page.wait_for(
        "approved and rejected events in the journal",
        "const k = [...document.querySelectorAll('[data-testid=journal-event]')].map((e) => e.dataset.kind); return k.includes('approved') && k.includes('rejected')",
        vec![],
    )
    .await?;
    page.wait_for(
        "the chain status re-checked up to the newest event shown",
        "const c = document.querySelector('[data-testid=chain-status]'); const seqs = [...document.querySelectorAll('[data-testid=journal-event]')].map((e) => Number(e.dataset.seq)); return c.dataset.status === 'ok' && Number(c.dataset.events) === Math.max(...seqs)",
        vec![],
    )
    .await?;

    // Sign out; the first admin comes in through the one-time link `serve` printed, and engages and releases the
    // kill switch through the confirm dialog.
    page.click("[data-testid=signout]").await?;
    page.wait_for("the sign-in form", "return document.getElementById('signin-token')?.offsetParent !== null", vec![])
        .await?;
    page.c.goto(&ctx.signin_link).await.map_err(|e| format!("goto the sign-in link: {e}"))?;
    page.wait_for(
        "the admin signed in by the one-time link",
        "return location.pathname === '/console' && document.querySelector('[data-testid=whoami]').textContent === 'admin'",
        vec![],
    )
    .await?;
    page.wait_for(
        "the kill-switch toggle",
        "return document.getElementById('kill-toggle').offsetParent !== null",
        vec![],
    )
    .await?;
    page.click("[data-testid=kill-toggle]").await?;
    page.wait_for("the confirm dialog", "return document.querySelector('[data-testid=confirm-dialog]').open", vec![])
        .await?;
    page.click("[data-testid=confirm-ok]").await?;
    page.wait_for("the kill banner", "return !document.querySelector('[data-testid=kill-banner]').hidden", vec![])
        .await?;
    let (_, ks) = http(&ctx.addr, "GET", "/v1/kill-switch", &ctx.admin, None, Duration::from_secs(10))?;
    ensure!(ks["engaged"] == json!(true), "kill switch after the page engaged it: {ks}");
    let blocked = ctx.agent.decide(&json!({
        "request_id": "e2e-heat-2", "action": "climate.set_temperature", "params": {"zone": "bedroom", "celsius": 18}
    }))?;
    ensure!(
        blocked["verdict"] == "defer" && blocked["reasons"][0]["code"] == "kill_switch",
        "with the kill switch on, a tier-1 action needs a human: {blocked}"
    );
    page.screenshot("console-kill.png", 1280, 1000).await?;
    page.click("[data-testid=kill-toggle]").await?;
    page.wait_for("the confirm dialog", "return document.querySelector('[data-testid=confirm-dialog]').open", vec![])
        .await?;
    page.click("[data-testid=confirm-ok]").await?;
    page.wait_for("the banner to go", "return document.querySelector('[data-testid=kill-banner]').hidden", vec![])
        .await?;
    step("admin engaged and released the kill switch");

    // Session trust: a flagged request demotes its session; the admin sees it live, with reason and until, and
    // restores it with a reason; the session's next tier-1 action runs on its own again.
    let flagged = ctx.agent.decide(&json!({
        "request_id": "e2e-heat-3", "session": "e2e-conv", "flags": ["prompt_injection"],
        "action": "climate.set_temperature", "params": {"zone": "living", "celsius": 20}
    }))?;
    ensure!(flagged["verdict"] == "defer", "a flagged tier-1 request is held: {flagged}");
    page.wait_for(
        "the demoted session, with its reason and until",
        "const r = document.querySelector('[data-testid=session-item][data-signal=flag]'); return !!r && r.querySelector('[data-testid=session-reason]').textContent.includes('prompt_injection') && Number(r.querySelector('[data-testid=session-until]').dataset.untilMs) > Date.now()",
        vec![],
    )
    .await?;
    let first_id = page
        .js(
            "const r = document.querySelector('[data-testid=session-item][data-signal=flag]'); r.dataset.e2eOld = 'yes'; return r.dataset.demotionId",
            vec![],
        )
        .await?;
    let first = format!("[data-testid=session-item][data-demotion-id=\"{}\"]", first_id.as_str().unwrap_or_default());
    page.type_into(&format!("{first} [data-testid=session-why]"), "false positive: quoted mail").await?;
    // A second session demoted while the admin types: the list is rebuilt live and the reason must survive it.
    let other = ctx.agent.decide(&json!({
        "request_id": "e2e-heat-3b", "session": "e2e-conv-2", "flags": ["prompt_injection"],
        "action": "climate.set_temperature", "params": {"zone": "living", "celsius": 20}
    }))?;
    ensure!(other["verdict"] == "defer", "a flagged tier-1 request is held: {other}");
    let typed = page
        .wait_for(
            "the sessions list rebuilt with the typed reason kept",
            "const rows = document.querySelectorAll('[data-testid=session-item]'); return rows.length === 2 && [...rows].every((r) => r.dataset.e2eOld !== 'yes') && [...rows].map((r) => r.querySelector('[data-testid=session-why]').value).join('|')",
            vec![],
        )
        .await?;
    ensure!(
        typed.as_str().is_some_and(|t| t.matches("false positive: quoted mail").count() == 1),
        "the reason typed before the refresh, in exactly one row: {typed}"
    );
    page.click(&format!("{first} [data-testid=session-restore]")).await?;
    page.wait_for(
        "one session restored",
        "return document.querySelectorAll('[data-testid=session-item]').length === 1",
        vec![],
    )
    .await?;
    page.type_into("[data-testid=session-item] [data-testid=session-why]", "same quoted mail").await?;
    page.click("[data-testid=session-item] [data-testid=session-restore]").await?;
    page.wait_for("the sessions restored", "return !document.querySelector('[data-testid=session-item]')", vec![])
        .await?;
    let free = ctx.agent.decide(&json!({
        "request_id": "e2e-heat-4", "session": "e2e-conv",
        "action": "climate.set_temperature", "params": {"zone": "living", "celsius": 20}
    }))?;
    ensure!(free["verdict"] == "permit", "restored from the console: {free}");
    step("demoted session shown live and restored by the admin");

    // MCP pins (ADR-161, ADR-282): a proxy's first-seen pin of a prompt shows live, read-only.
    let sha = "ab".repeat(32);
    ctx.agent.call("POST", "/v1/mcp/pins", Some(&json!({"server": "doc", "tool": "prompt:greet", "sha256": sha})))?;
    page.wait_for(
        "the MCP pin in the console",
        "const r = document.querySelector('[data-testid=pin-item][data-key=\"prompt:greet\"]'); return !!r && r.querySelector('[data-testid=pin-sha256]').textContent === arguments[0]",
        vec![json!(sha)],
    )
    .await?;
    step("an MCP pin is shown live");

    let errors = page.page_errors().await?;
    ensure!(errors.is_empty(), "the page raised errors:\n{errors}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn console_end_to_end_in_headless_chromium() {
    require_browser_tools();
    let started = Instant::now();
    std::fs::create_dir_all(artifacts_dir()).expect("create target/e2e");
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("console.db");
    let policy = dir.path().join("policy.yaml");
    std::fs::write(&policy, POLICY).expect("write the policy");
    let (_server, served) = start_server(&db, &policy).expect("start foureyes serve");
    let Served { addr, admin_token: admin, signin_link } = served;
    let (alice, alice_totp) = create_token(&db, "alice", "approver", true).expect("alice");
    let ctx = Ctx {
        alice,
        alice_totp: alice_totp.expect("alice's TOTP secret"),
        bob: create_token(&db, "bob", "approver", false).expect("bob").0,
        agent: Agent { addr: addr.clone(), token: create_token(&db, "agent-7", "agent", false).expect("agent").0 },
        addr,
        admin,
        signin_link,
    };
    let (_driver, client) = start_browser(&dir.path().join("chromium-profile")).await.expect("start chromium");
    let page = Page { c: &client };
    let outcome = scenario(&page, &ctx).await;
    if outcome.is_err() {
        let _ = page.screenshot("console-failure.png", 1280, 1500).await;
    }
    let _ = client.close().await;
    if let Err(e) = outcome {
        panic!("{e}\n(screenshot: {})", artifacts_dir().join("console-failure.png").display());
    }
    eprintln!("console end-to-end test took {:.1} s", started.elapsed().as_secs_f64());
}
