//! Server-to-client requests and the client's answers to them (ADR-460).
//!
//! An upstream asks the client things (`elicitation/create`, `sampling/createMessage`, `roots/list`, `ping`) under
//! ids of its own, and takes the first response with a matching id as the answer. A client that sends responses
//! nobody asked for, with the ids the upstream is about to use, could answer a request the proxy keeps from it
//! (ADR-281: a question into a gated call) before the proxy's own answer arrives (attack 7's H5, F460). So:
//! - every server request the proxy passes on to the client gets an id of the proxy's own (a random prefix per
//!   session and a counter): the client never learns the upstream's ids, and an id it makes up names nothing;
//! - a client response is forwarded only when it answers a request passed on to it and not answered yet, under the
//!   upstream's id and in the proxy's own serialization (`jsonrpc`, `id`, `result` or `error`); any other response
//!   is dropped;
//! - a server request the proxy answers itself is never passed on, and its id is remembered (a bounded list), so a
//!   replay of it (an SSE stream resumed with `Last-Event-ID`, attack 7's H1, F461) never reaches the client either.

use crate::jsonrpc::id_key;
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};

/// Most server requests passed on and not answered yet, per session: past it, the upstream's request is answered
/// with an error (a client that never answers must not grow the proxy's memory).
pub const MAX_OPEN: usize = 1024;
/// How many ids of requests the proxy answered itself are remembered per session (for replays).
const MAX_ANSWERED: usize = 1024;

/// The server requests of one session (a stdio client, or one `MCP-Session-Id` over HTTP).
#[derive(Debug)]
pub struct Asks {
    prefix: String,
    next: u64,
    /// Passed on and not answered: the proxy's id (its key) → the upstream's id.
    open: HashMap<String, Value>,
    /// The same, the other way: the upstream's id (key) → the proxy's id (a replayed request keeps its id).
    by_upstream: HashMap<String, Value>,
    /// Keys of upstream ids the proxy answered itself, oldest first.
    answered: VecDeque<String>,
}

impl Default for Asks {
    fn default() -> Self {
        Asks::new()
    }
}

impl Asks {
    pub fn new() -> Asks {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_err() {
            // Without randomness the ids are still the proxy's own: a made-up one must match an open request.
            bytes = std::process::id().to_le_bytes().repeat(2).try_into().unwrap_or_default();
        }
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        Asks {
            prefix: format!("foureyes-ask-{hex}-"),
            next: 0,
            open: HashMap::new(),
            by_upstream: HashMap::new(),
            answered: VecDeque::new(),
        }
    }

    /// Gives a server request (a parsed message with a `method` and an `id`) the proxy's id before it is passed on
    /// to the client. `false` when too many are open: it must not be passed on (answer the upstream instead).
    pub fn pass_on(&mut self, message: &mut Value) -> bool {
        let Some(upstream) = message.get("id").cloned() else { return false };
        let upstream_key = id_key(&upstream);
        if let Some(ours) = self.by_upstream.get(&upstream_key) {
            message["id"] = ours.clone();
            return true;
        }
        if self.open.len() >= MAX_OPEN {
            return false;
        }
        let ours = Value::String(format!("{}{}", self.prefix, self.next));
        self.next += 1;
        self.open.insert(id_key(&ours), upstream);
        self.by_upstream.insert(upstream_key, ours.clone());
        message["id"] = ours;
        true
    }

    /// The client's answer to a request passed on to it: the message to forward to the upstream (under its id, in
    /// the proxy's own serialization), or `None` when it answers nothing the client was asked (drop it).
    pub fn answer(&mut self, id: &Value, result: Option<Value>, error: Option<Value>) -> Option<Vec<u8>> {
        let upstream = self.open.remove(&id_key(id))?;
        self.by_upstream.remove(&id_key(&upstream));
        let message = match (result, error) {
            (Some(result), _) => json!({"jsonrpc": "2.0", "id": upstream, "result": result}),
            (None, Some(error)) => json!({"jsonrpc": "2.0", "id": upstream, "error": error}),
            (None, None) => return None,
        };
        Some(crate::parity::serialize(&message))
    }

    /// The proxy answered this server request itself: it must never reach the client, now or replayed.
    pub fn answered_by_proxy(&mut self, upstream: &Value) {
        let key = id_key(upstream);
        if let Some(ours) = self.by_upstream.remove(&key) {
            self.open.remove(&id_key(&ours));
        }
        if self.answered.contains(&key) {
            return;
        }
        if self.answered.len() >= MAX_ANSWERED {
            self.answered.pop_front();
        }
        self.answered.push_back(key);
    }

    /// Whether the proxy answered this server request itself.
    pub fn was_answered_by_proxy(&self, upstream: &Value) -> bool {
        self.answered.contains(&id_key(upstream))
    }

    /// The upstream cancelled one of its requests (`notifications/cancelled`): the proxy's id for it, to name it to
    /// the client, if it was passed on; it is no longer open.
    pub fn cancelled(&mut self, upstream: &Value) -> Option<Value> {
        let ours = self.by_upstream.remove(&id_key(upstream))?;
        self.open.remove(&id_key(&ours));
        Some(ours)
    }

    /// Whether nothing is open and nothing is remembered (the session's entry can go).
    pub fn is_empty(&self) -> bool {
        self.open.is_empty() && self.answered.is_empty()
    }
}

/// The `requestId` of an upstream's `notifications/cancelled` rewritten to the proxy's id for that request, when it
/// names one passed on to the client; `None`: pass the notification on as it came.
pub fn rewrite_cancel(asks: &mut Asks, message: &Value) -> Option<Vec<u8>> {
    let target = message.pointer("/params/requestId")?;
    let ours = asks.cancelled(target)?;
    let mut message = message.clone();
    message["params"]["requestId"] = ours;
    Some(crate::jsonrpc::to_frame(&message))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn only_a_request_passed_on_can_be_answered_and_only_once() {
        let mut asks = Asks::new();
        let mut request = json!({"jsonrpc": "2.0", "id": 0, "method": "roots/list"});
        assert!(asks.pass_on(&mut request));
        let ours = request["id"].clone();
        assert!(ours.as_str().unwrap().starts_with("foureyes-ask-"), "{ours}");
        // The upstream's id, in any spelling, names nothing the client was asked.
        for guess in [json!(0), json!("0"), json!(1)] {
            assert_eq!(asks.answer(&guess, Some(json!({"roots": []})), None), None, "{guess}");
        }
        let forwarded = asks.answer(&ours, Some(json!({"roots": []})), None).unwrap();
        let forwarded: Value = serde_json::from_slice(&forwarded).unwrap();
        assert_eq!(forwarded, json!({"jsonrpc": "2.0", "id": 0, "result": {"roots": []}}));
        assert_eq!(asks.answer(&ours, Some(json!({})), None), None, "answered twice");
    }

    #[test]
    fn a_request_the_proxy_answered_is_remembered_and_a_replay_keeps_its_id() {
        let mut asks = Asks::new();
        asks.answered_by_proxy(&json!(3));
        assert!(asks.was_answered_by_proxy(&json!(3)));
        assert!(!asks.was_answered_by_proxy(&json!("3")));
        let mut first = json!({"id": 5, "method": "ping"});
        let mut replayed = json!({"id": 5, "method": "ping"});
        assert!(asks.pass_on(&mut first) && asks.pass_on(&mut replayed));
        assert_eq!(first["id"], replayed["id"]);
        asks.answered_by_proxy(&json!(5));
        assert_eq!(asks.answer(&first["id"], Some(json!({})), None), None);
    }

    #[test]
    fn ids_differ_between_sessions() {
        let (mut a, mut b) = (Asks::new(), Asks::new());
        let (mut x, mut y) = (json!({"id": 0, "method": "ping"}), json!({"id": 0, "method": "ping"}));
        assert!(a.pass_on(&mut x) && b.pass_on(&mut y));
        assert_ne!(x["id"], y["id"]);
    }
}
