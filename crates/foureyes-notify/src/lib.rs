//! Webhook notifications: new pending approvals, kill-switch changes and session demotions, posted as
//! Slack-compatible JSON.
//!
//! The notifier **follows the journal**; it is not a hook in the request handlers. [`Notifier::spawn`] reads the
//! journal head once (old events are never replayed), then a follower task reads `Store::journal(after, 200)` every
//! [`NotifyConfig::poll_interval`] (sooner when the optional wake channel fires) and turns each `approval_requested`,
//! `kill_switch` and `session_demoted` event into a message ([`message_for`]). Decisions do not know the notifier exists, so a slow,
//! failing or unreachable webhook can never block or fail a decision.
//!
//! **One post per (event, webhook), whatever the number of replicas.** Every replica on one database follows the
//! same journal, so before queueing a message for a webhook the follower claims it in the store
//! ([`Store::claim_notification`] with the event's seq and the webhook's [`notification_channel_key`], the SHA-256
//! of its URL): the one replica whose claim inserts the row posts, the others count the message as
//! [`Counts::elsewhere`] and move on. There is no leader to elect or fail over: each event is claimed by whichever
//! replica reads it first, and a replica that stops simply stops claiming. The price is **at most once**: a replica
//! that claims and then dies (or is stopped, or whose queue drops the message, or whose retries run out) loses that
//! message; nobody else posts it (its claim is in the store, and its stderr line, if it got that far, is the
//! trace). A claim the store could not answer is retried at the next poll, from that event on, so a store outage
//! delays messages without losing or doubling them (unless the claim committed and only its answer was lost).
//! Claims expire after `NOTIFICATION_CLAIM_RETENTION_MS` (7 days, pruned by later claims); the follower never claims
//! an event older than half that ([`Counts::stale`]): an approval request days old is past its TTL anyway, and so a
//! pruned claim is never asked for again.
//!
//! Each webhook URL has its own **bounded queue** ([`NotifyConfig::queue_capacity`]) and its own sender task. The
//! follower never waits on a queue: when one is full the oldest message is dropped and counted
//! ([`Counts::dropped`]). The sender POSTs each message with a timeout ([`NotifyConfig::timeout`]); connect errors,
//! timeouts, HTTP 5xx and 429 are retried after each delay of [`NotifyConfig::retry_delays`] (0.5 s, 1 s, 2 s:
//! four attempts at most), any other answer but 2xx gives up at once. Every outcome is one line on stderr, and the
//! totals are readable through [`Notifier::counts`].
//!
//! This crate is the only one in the workspace with an HTTP client (`reqwest` on rustls with the `ring` provider).
//! `foureyes-server` must not reach one (`foureyes-server/tests/boundaries.rs`), which is why the CLI's `serve`
//! starts the notifier beside the server rather than inside it.

use foureyes_core::journal::{Event, EventKind};
use foureyes_store::{NOTIFICATION_CLAIM_RETENTION_MS, Store, StoreError, notification_channel_key};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, broadcast};
use tokio::task::JoinHandle;

/// How many journal events the follower reads at once.
const PAGE: u32 = 200;

/// Events older than this (by their `ts_ms`) are not claimed nor posted: half the claims' retention, so that a claim
/// is never pruned while an event it covers can still be claimed (with days of margin for replicas' clocks).
pub const STALE_AFTER_MS: i64 = NOTIFICATION_CLAIM_RETENTION_MS / 2;

/// What to notify and how.
#[derive(Debug)]
pub struct NotifyConfig {
    /// Where to POST each message (`http` or `https`); each URL gets every message, from one replica (a URL given
    /// twice is one webhook).
    pub webhooks: Vec<String>,
    /// The server's public base URL (e.g. `https://foureyes.example.com`); messages link to `<it>/console`.
    pub console_url: Option<String>,
    /// How often the follower reads the journal when nothing wakes it.
    pub poll_interval: Duration,
    /// Messages waiting per webhook; beyond it the oldest is dropped (and counted).
    pub queue_capacity: usize,
    /// The whole request's timeout (connect, send, answer).
    pub timeout: Duration,
    /// The waits before each retry: as many retries as entries.
    pub retry_delays: Vec<Duration>,
    /// Fires after writes (e.g. `AppState::bus`): the follower reads at once instead of at its next poll.
    pub wake: Option<broadcast::Receiver<()>>,
}

impl NotifyConfig {
    /// The defaults for these webhooks: poll every 500 ms, 1000 queued messages, 5 s timeout, retries after
    /// 0.5 s, 1 s and 2 s, no console link, no wake channel.
    pub fn new(webhooks: Vec<String>) -> NotifyConfig {
        NotifyConfig {
            webhooks,
            console_url: None,
            poll_interval: Duration::from_millis(500),
            queue_capacity: 1000,
            timeout: Duration::from_secs(5),
            retry_delays: vec![Duration::from_millis(500), Duration::from_secs(1), Duration::from_secs(2)],
            wake: None,
        }
    }
}

/// Why the notifier could not start.
#[derive(Debug)]
pub enum NotifyError {
    /// A webhook URL that does not parse or is not `http`/`https`.
    Url(String),
    /// The HTTP client could not be built (TLS setup).
    Client(String),
    /// The journal head could not be read.
    Store(StoreError),
}

impl fmt::Display for NotifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotifyError::Url(m) | NotifyError::Client(m) => f.write_str(m),
            NotifyError::Store(e) => write!(f, "cannot read the journal head: {e}"),
        }
    }
}

impl std::error::Error for NotifyError {}

/// This notifier's totals, summed over every webhook (one message to two webhooks counts twice).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Messages made from journal events, claimed by this notifier and put in a queue.
    pub enqueued: u64,
    /// Messages another notifier (replica) had claimed first: not posted from here.
    pub elsewhere: u64,
    /// Events older than [`STALE_AFTER_MS`] when read: neither claimed nor posted.
    pub stale: u64,
    /// Delivered (the webhook answered 2xx).
    pub sent: u64,
    /// Given up: a 4xx other than 429, or the retries ran out.
    pub failed: u64,
    /// Pushed out of a full queue before they were sent.
    pub dropped: u64,
}

#[derive(Debug, Default)]
struct Stats {
    enqueued: AtomicU64,
    elsewhere: AtomicU64,
    stale: AtomicU64,
    sent: AtomicU64,
    failed: AtomicU64,
    dropped: AtomicU64,
    /// The last journal seq the follower has handled.
    seq: AtomicU64,
}

/// A drop-oldest bounded queue: pushing never waits.
struct Queue {
    items: Mutex<VecDeque<Value>>,
    capacity: usize,
    ready: Notify,
    /// Messages this queue has dropped.
    dropped: AtomicU64,
}

impl Queue {
    fn new(capacity: usize) -> Queue {
        Queue { items: Mutex::new(VecDeque::new()), capacity, ready: Notify::new(), dropped: AtomicU64::new(0) }
    }

    /// Adds a message; returns true when the oldest one had to make room.
    fn push(&self, message: Value) -> bool {
        let mut items = match self.items.lock() {
            Ok(items) => items,
            Err(poisoned) => poisoned.into_inner(),
        };
        let dropped = items.len() >= self.capacity && items.pop_front().is_some();
        items.push_back(message);
        drop(items);
        self.ready.notify_one();
        dropped
    }

    async fn pop(&self) -> Value {
        loop {
            let next = match self.items.lock() {
                Ok(mut items) => items.pop_front(),
                Err(poisoned) => poisoned.into_inner().pop_front(),
            };
            if let Some(message) = next {
                return message;
            }
            self.ready.notified().await;
        }
    }
}

/// A running notifier. Dropping it (or [`Notifier::stop`]) stops the follower and the senders.
pub struct Notifier {
    stats: Arc<Stats>,
    tasks: Vec<JoinHandle<()>>,
    webhooks: usize,
}

impl fmt::Debug for Notifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Notifier").field("webhooks", &self.webhooks).field("counts", &self.counts()).finish()
    }
}

impl Notifier {
    /// Checks the URLs, reads the journal head (events already there are never sent) and starts the follower and
    /// one sender per webhook. Returns at once; nothing here waits on a webhook. `store` must implement
    /// [`Store::claim_notification`] (both backends do): with a store that cannot claim, nothing is ever posted.
    pub async fn spawn(store: Arc<dyn Store>, mut config: NotifyConfig) -> Result<Notifier, NotifyError> {
        let client = client(config.timeout)?;
        let mut targets = Vec::new();
        for url in &config.webhooks {
            let parsed = reqwest::Url::parse(url).map_err(|e| NotifyError::Url(format!("webhook `{url}`: {e}")))?;
            if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
                return Err(NotifyError::Url(format!("webhook `{}`: expected an http or https URL", redact(&parsed))));
            }
            // The key is the parsed (normalized) URL's: replicas given `HTTP://Host/x` and `http://host/x` agree.
            let key = notification_channel_key(parsed.as_str());
            if !targets.iter().any(|(_, k)| *k == key) {
                targets.push((parsed, key));
            }
        }
        let head = store.journal_head().await.map_err(NotifyError::Store)?;
        let stats = Arc::new(Stats::default());
        stats.seq.store(head, Ordering::Relaxed);
        let capacity = config.queue_capacity.max(1);
        let mut queues = Vec::new();
        let mut tasks = Vec::new();
        let webhooks = targets.len();
        for (url, key) in targets {
            let queue = Arc::new(Queue::new(capacity));
            queues.push(Channel { queue: queue.clone(), key });
            let sender = Sender {
                client: client.clone(),
                label: redact(&url),
                url,
                retry_delays: config.retry_delays.clone(),
                stats: stats.clone(),
            };
            tasks.push(tokio::spawn(sender.run(queue)));
        }
        let follower = Follower {
            store,
            after: head,
            console_url: config.console_url.take().map(|u| u.trim_end_matches('/').to_string()),
            poll_interval: config.poll_interval,
            wake: config.wake.take(),
            channels: queues,
            resume: None,
            stats: stats.clone(),
        };
        tasks.push(tokio::spawn(follower.run()));
        Ok(Notifier { stats, tasks, webhooks })
    }

    /// The totals so far.
    pub fn counts(&self) -> Counts {
        Counts {
            enqueued: self.stats.enqueued.load(Ordering::Relaxed),
            elsewhere: self.stats.elsewhere.load(Ordering::Relaxed),
            stale: self.stats.stale.load(Ordering::Relaxed),
            sent: self.stats.sent.load(Ordering::Relaxed),
            failed: self.stats.failed.load(Ordering::Relaxed),
            dropped: self.stats.dropped.load(Ordering::Relaxed),
        }
    }

    /// The last journal seq the follower has turned into messages (or skipped).
    pub fn followed_seq(&self) -> u64 {
        self.stats.seq.load(Ordering::Relaxed)
    }

    /// How many webhooks receive the messages (distinct URLs).
    pub fn webhooks(&self) -> usize {
        self.webhooks
    }

    /// Stops the follower and the senders; queued messages are discarded.
    pub fn stop(&self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl Drop for Notifier {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The HTTP client: rustls on `ring` (installed as the process default only if no provider is installed yet),
/// the OS trust store, no redirects (a webhook that redirects is misconfigured; a redirected POST may become a GET).
fn client(timeout: Duration) -> Result<reqwest::Client, NotifyError> {
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        // Racing another installer is fine: either provider serves.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
    reqwest::Client::builder()
        .timeout(timeout)
        .connect_timeout(timeout)
        // Our own attempt loop is the only retry: reqwest's built-in protocol-level retry would add sends the
        // delivery log does not count.
        .retry(reqwest::retry::never())
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("foureyes-notify/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| NotifyError::Client(format!("cannot build the HTTP client: {e}")))
}

/// A webhook URL fit for logs: scheme, host and port only (Slack webhook paths are secrets).
pub fn redact(url: &reqwest::Url) -> String {
    match (url.host_str(), url.port()) {
        (Some(host), Some(port)) => format!("{}://{host}:{port}/…", url.scheme()),
        (Some(host), None) => format!("{}://{host}/…", url.scheme()),
        _ => format!("{}:…", url.scheme()),
    }
}

/// A webhook as the follower sees it: its queue and its channel key (what claims name).
struct Channel {
    queue: Arc<Queue>,
    key: String,
}

struct Follower {
    store: Arc<dyn Store>,
    after: u64,
    console_url: Option<String>,
    poll_interval: Duration,
    wake: Option<broadcast::Receiver<()>>,
    channels: Vec<Channel>,
    /// The event whose claims failed part way (its seq, and the first channel not yet claimed): retried from there,
    /// so a channel this replica already claimed (and queued) is not counted again as claimed elsewhere.
    resume: Option<(u64, usize)>,
    stats: Arc<Stats>,
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Follower {
    async fn run(mut self) {
        let mut failing = false;
        loop {
            let problem = match self.store.journal(self.after, PAGE).await {
                Ok(page) => {
                    let full = page.len() == PAGE as usize;
                    let mut claimed = Ok(());
                    for event in &page {
                        claimed = self.handle(event).await;
                        if claimed.is_err() {
                            break;
                        }
                    }
                    match claimed {
                        Ok(()) if full => {
                            if failing {
                                eprintln!("notify: the store answers again");
                                failing = false;
                            }
                            continue;
                        }
                        Ok(()) => None,
                        Err(e) => {
                            let seq = self.resume.map_or(self.after + 1, |(seq, _)| seq);
                            Some(format!("cannot claim the messages of seq {seq}: {e}"))
                        }
                    }
                }
                Err(e) => Some(format!("cannot read the journal after seq {}: {e}", self.after)),
            };
            match problem {
                Some(problem) if !failing => {
                    eprintln!("notify: {problem} (retrying)");
                    failing = true;
                }
                None if failing => {
                    eprintln!("notify: the store answers again");
                    failing = false;
                }
                _ => {}
            }
            self.idle().await;
        }
    }

    /// Claims and queues `event`'s message for each webhook; on a store error, stops before the channel it could
    /// not claim (the event is read again at the next poll and resumes there).
    async fn handle(&mut self, event: &Event) -> Result<(), StoreError> {
        let message = if event.ts_ms < now_ms().saturating_sub(STALE_AFTER_MS) {
            // Too old to claim safely (its claims may be pruned) and too old to matter.
            if message_for(event, None).is_some() {
                let stale = self.stats.stale.fetch_add(1, Ordering::Relaxed) + 1;
                if stale.is_power_of_two() {
                    eprintln!(
                        "notify: not posting seq {}: older than {} hours ({stale} so far)",
                        event.seq,
                        STALE_AFTER_MS / 3_600_000
                    );
                }
            }
            None
        } else {
            message_for(event, self.console_url.as_deref())
        };
        if let Some(message) = message {
            let start = match self.resume.take() {
                Some((seq, next)) if seq == event.seq => next,
                _ => 0,
            };
            for (i, channel) in self.channels.iter().enumerate().skip(start) {
                match self.store.claim_notification(event.seq, &channel.key, now_ms()).await {
                    Ok(true) => {}
                    Ok(false) => {
                        self.stats.elsewhere.fetch_add(1, Ordering::Relaxed);
                        continue;
                    }
                    Err(e) => {
                        self.resume = Some((event.seq, i));
                        return Err(e);
                    }
                }
                let queue = &channel.queue;
                self.stats.enqueued.fetch_add(1, Ordering::Relaxed);
                if queue.push(message.clone()) {
                    self.stats.dropped.fetch_add(1, Ordering::Relaxed);
                    // One line per drop would flood stderr exactly when a webhook is down: log at 1, 2, 4, 8, …
                    let dropped = queue.dropped.fetch_add(1, Ordering::Relaxed) + 1;
                    if dropped.is_power_of_two() {
                        eprintln!(
                            "notify: queue full ({} messages): dropped the oldest ({dropped} dropped so far)",
                            queue.capacity
                        );
                    }
                }
            }
        }
        self.after = event.seq;
        self.stats.seq.store(event.seq, Ordering::Relaxed);
        Ok(())
    }

    /// Waits for the next poll, or less when woken.
    async fn idle(&mut self) {
        let Some(wake) = self.wake.as_mut() else {
            tokio::time::sleep(self.poll_interval).await;
            return;
        };
        tokio::select! {
            woken = wake.recv() => {
                if matches!(woken, Err(broadcast::error::RecvError::Closed)) {
                    self.wake = None;
                }
                // Coalesce a burst of commits into one read.
                tokio::time::sleep(Duration::from_millis(20)).await;
                while self.wake.as_mut().is_some_and(|w| w.try_recv().is_ok()) {}
            }
            _ = tokio::time::sleep(self.poll_interval) => {}
        }
    }
}

struct Sender {
    client: reqwest::Client,
    url: reqwest::Url,
    label: String,
    retry_delays: Vec<Duration>,
    stats: Arc<Stats>,
}

/// One attempt's result.
enum Attempt {
    Delivered(u16),
    Retry(String),
    GiveUp(String),
}

impl Sender {
    async fn run(self, queue: Arc<Queue>) {
        loop {
            let message = queue.pop().await;
            self.deliver(&message).await;
        }
    }

    async fn deliver(&self, message: &Value) {
        let what = message.get("text").and_then(Value::as_str).and_then(|t| t.lines().next()).unwrap_or("");
        let attempts = self.retry_delays.len() + 1;
        for attempt in 1..=attempts {
            match self.attempt(message).await {
                Attempt::Delivered(status) => {
                    self.stats.sent.fetch_add(1, Ordering::Relaxed);
                    eprintln!("notify: sent to {} ({status}, attempt {attempt}): {what}", self.label);
                    return;
                }
                Attempt::GiveUp(why) => {
                    self.stats.failed.fetch_add(1, Ordering::Relaxed);
                    eprintln!("notify: gave up on {} ({why}, attempt {attempt}, not retried): {what}", self.label);
                    return;
                }
                Attempt::Retry(why) => match self.retry_delays.get(attempt - 1) {
                    Some(delay) => tokio::time::sleep(*delay).await,
                    None => {
                        self.stats.failed.fetch_add(1, Ordering::Relaxed);
                        eprintln!("notify: gave up on {} ({why}, after {attempt} attempts): {what}", self.label);
                        return;
                    }
                },
            }
        }
    }

    async fn attempt(&self, message: &Value) -> Attempt {
        match self.client.post(self.url.clone()).json(message).send().await {
            Ok(response) => {
                let status = response.status();
                if status.is_success() {
                    Attempt::Delivered(status.as_u16())
                } else if status.is_server_error() || status == reqwest::StatusCode::TOO_MANY_REQUESTS {
                    Attempt::Retry(format!("HTTP {}", status.as_u16()))
                } else {
                    Attempt::GiveUp(format!("HTTP {}", status.as_u16()))
                }
            }
            Err(e) if e.is_timeout() => Attempt::Retry("timed out".into()),
            Err(e) if e.is_connect() || e.is_request() => Attempt::Retry(format!("{}", e.without_url())),
            Err(e) => Attempt::GiveUp(format!("{}", e.without_url())),
        }
    }
}

/// Slack `mrkdwn` escaping: `&`, `<` and `>` (so a request's action or agent cannot inject `<!channel>` or links),
/// and backticks (so it cannot end a code span).
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('`', "'")
}

fn field<'a>(data: &'a Value, key: &str) -> &'a Value {
    data.get(key).unwrap_or(&Value::Null)
}

fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => escape(s),
        Value::Null => "?".to_string(),
        other => escape(&other.to_string()),
    }
}

fn time(ms: &Value) -> String {
    ms.as_i64()
        .and_then(|ms| jiff::Timestamp::from_millisecond(ms).ok())
        .map(|t| t.strftime("%Y-%m-%d %H:%M:%S UTC").to_string())
        .unwrap_or_else(|| "?".to_string())
}

/// The Slack-compatible message for a journal event (`{"text", "blocks"}`), or `None` for kinds that are not
/// notified (everything but `approval_requested`, `kill_switch` and `session_demoted`). `console_url` is the base URL
/// without `/console`.
pub fn message_for(event: &Event, console_url: Option<&str>) -> Option<Value> {
    let d = &event.data;
    let (text, headline, context) = match event.kind {
        EventKind::ApprovalRequested => {
            let (id, action, agent) =
                (plain(field(d, "approval_id")), plain(field(d, "action")), plain(field(d, "agent")));
            let digest = plain(field(d, "digest"));
            let required = field(d, "required").as_u64().unwrap_or(1);
            let expires = time(field(d, "expires_at_ms"));
            let step_up = if field(d, "step_up").as_bool() == Some(true) { " Step-up required." } else { "" };
            let approvers = if required == 1 { "1 approver".to_string() } else { format!("{required} approvers") };
            (
                format!(
                    "FourEyes: approval #{id} requested: `{action}` by `{agent}` (decision #{}), needs {approvers}. \
                     Digest {digest}, expires {expires}.",
                    plain(field(d, "decision_id"))
                ),
                format!(
                    ":raised_hand: *Approval needed* #{id}\n`{action}` requested by `{agent}`; needs {approvers}.{step_up}"
                ),
                format!("digest `{digest}` · expires {expires} · journal seq {}", event.seq),
            )
        }
        EventKind::KillSwitch => {
            let by = plain(field(d, "by"));
            let (text, headline) = if field(d, "engaged").as_bool() == Some(true) {
                (
                    format!("FourEyes: kill switch ENGAGED by `{by}`: only tier-0 reads are permitted."),
                    format!(":rotating_light: *Kill switch engaged* by `{by}`: only tier-0 reads are permitted."),
                )
            } else {
                (
                    format!("FourEyes: kill switch released by `{by}`."),
                    format!(":white_check_mark: *Kill switch released* by `{by}`."),
                )
            };
            (text, headline, format!("at {} · journal seq {}", time(&json!(event.ts_ms)), event.seq))
        }
        EventKind::SessionDemoted => {
            // The session id comes from the agent's request body: escaped like every other request field.
            let agent = plain(field(d, "agent"));
            let whose = match field(d, "session") {
                Value::Null => format!("agent `{agent}` (every session)"),
                session => format!("session `{}` of agent `{agent}`", plain(session)),
            };
            let (signal, reason, until) =
                (plain(field(d, "signal")), plain(field(d, "reason")), time(field(d, "until_ms")));
            (
                format!(
                    "FourEyes: {whose} demoted until {until} ({signal}: {reason}); its tier 1-2 actions need a human."
                ),
                format!(":warning: *Session demoted* {whose} until {until}\n{signal}: {reason}"),
                format!("decision #{} · journal seq {}", plain(field(d, "decision_id")), event.seq),
            )
        }
        _ => return None,
    };
    let mut blocks = vec![
        json!({"type": "section", "text": {"type": "mrkdwn", "text": headline}}),
        json!({"type": "context", "elements": [{"type": "mrkdwn", "text": context}]}),
    ];
    if let Some(base) = console_url {
        let link = format!("{}/console", base.trim_end_matches('/'));
        blocks.push(json!({"type": "section", "text": {"type": "mrkdwn", "text": format!("<{}|Open the FourEyes console>", escape(&link))}}));
    }
    Some(json!({"text": text, "blocks": blocks}))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(kind: EventKind, data: Value) -> Event {
        Event::next(6, "", 1_767_225_600_000, kind, data)
    }

    #[test]
    fn an_approval_message_carries_id_action_agent_digest_expiry_and_the_link() {
        let e = event(
            EventKind::ApprovalRequested,
            json!({"approval_id": 3, "decision_id": 9, "action": "payments.send", "agent": "bot", "digest": "ab12",
                   "required": 2, "expires_at_ms": 1_767_229_200_000_i64, "step_up": true}),
        );
        let m = message_for(&e, Some("https://fe.example.com/")).expect("a message");
        let all = m.to_string();
        for needle in ["#3", "payments.send", "bot", "ab12", "2026-01-01 01:00:00 UTC", "2 approvers", "Step-up"] {
            assert!(all.contains(needle), "{needle} missing from {all}");
        }
        assert_eq!(m["blocks"][0]["type"], "section");
        assert_eq!(m["blocks"][1]["type"], "context");
        assert_eq!(m["blocks"][2]["text"]["text"], "<https://fe.example.com/console|Open the FourEyes console>");
    }

    #[test]
    fn no_link_without_a_console_url_and_no_message_for_other_kinds() {
        let e = event(EventKind::KillSwitch, json!({"engaged": false, "by": "admin"}));
        let m = message_for(&e, None).expect("a message");
        assert_eq!(m["blocks"].as_array().map(Vec::len), Some(2));
        assert!(m["text"].as_str().is_some_and(|t| t.contains("released by `admin`")));
        assert!(message_for(&event(EventKind::Decided, json!({})), None).is_none());
    }

    #[test]
    fn request_text_cannot_inject_mentions_links_or_end_a_code_span() {
        let e = event(
            EventKind::ApprovalRequested,
            json!({"approval_id": 1, "action": "<!channel> `x` <http://evil|click>", "agent": "a&b", "digest": "d"}),
        );
        let m = message_for(&e, None).expect("a message").to_string();
        assert!(!m.contains("<!channel>") && !m.contains("<http://evil") && !m.contains("`x`"), "{m}");
        assert!(m.contains("&lt;!channel&gt;") && m.contains("a&amp;b"), "{m}");
    }

    #[test]
    fn a_demotion_message_names_the_session_the_signal_and_the_end_escaped() {
        let e = event(
            EventKind::SessionDemoted,
            json!({"demotion_id": 1, "agent": "bot", "session": "<!channel> `s`", "signal": "flag",
                   "reason": "the caller flagged request `r1` with `prompt_injection`", "decision_id": 4,
                   "until_ms": 1_767_229_200_000_i64}),
        );
        let m = message_for(&e, None).expect("a message").to_string();
        for needle in
            ["Session demoted", "&lt;!channel&gt;", "flag", "prompt_injection", "2026-01-01 01:00:00 UTC", "#4"]
        {
            assert!(m.contains(needle), "{needle} missing from {m}");
        }
        assert!(!m.contains("<!channel>"), "{m}");
        let agent_wide =
            event(EventKind::SessionDemoted, json!({"agent": "bot", "session": null, "signal": "denials"}));
        assert!(message_for(&agent_wide, None).unwrap().to_string().contains("(every session)"));
        assert!(message_for(&event(EventKind::SessionRestored, json!({})), None).is_none());
    }

    #[test]
    fn the_queue_drops_the_oldest_when_full() {
        let q = Queue::new(2);
        assert!(!q.push(json!(1)));
        assert!(!q.push(json!(2)));
        assert!(q.push(json!(3)));
        let items: Vec<Value> = q.items.lock().map(|i| i.iter().cloned().collect()).unwrap_or_default();
        assert_eq!(items, vec![json!(2), json!(3)]);
    }

    #[test]
    fn logs_never_show_the_webhook_path() {
        let url = reqwest::Url::parse("https://hooks.slack.com/services/T0/B0/secret").expect("url");
        assert_eq!(redact(&url), "https://hooks.slack.com/…");
    }
}
