//! `tools/list` responses, and the other listings a server gives the model (prompts, resources, resource templates,
//! `initialize`'s instructions): the only server messages the proxy may rewrite.
//!
//! - Pinned definitions (ADR-161, on unless `--no-pin-tools`): each listed tool's definition is hashed
//!   (`foureyes_core::tool_pin::definition_sha256`) and compared with its pin — the policy's (`mcp.<server>.pins`)
//!   or the journal's. A tool without one is pinned as first seen (journaled). A tool whose definition is not its
//!   pin is removed from the listing, journaled once per new hash (`refused`, code `tool_definition_changed`, with
//!   both hashes and the new definition), and its calls are refused until a person re-pins it
//!   (`foureyes mcp pins approve`, `POST /v1/mcp/pins/approve`): a changed description is how a server re-instructs
//!   the model after it was admitted. If the pins cannot be read or written, no tool is admitted.
//!   A listing that names a tool more than once is a changed listing (ADR-340, F340): a client may show the model
//!   every entry, and the upstream runs whichever it likes, so one entry matching the pin proves nothing. Every entry
//!   of that name is hidden, the name is not pinned on first sight, the listing is journaled (`refused`, code
//!   `tool_definition_changed`, with every definition), and its calls are refused until a listing names it once.
//! - `--hide-denied` removes the tools the policy does not name: a call to one would only ever be held for a
//!   human (default deny), so the model is better off not seeing it. The response is parsed and re-serialized
//!   (member order may change); every other message stays byte-for-byte.
//! - Tool annotations are untrusted hints. Only when the policy opts in (`mcp: {<server>: {trust_read_only_hint:
//!   true}}`) does a `readOnlyHint: true` make a tool the policy does not name tier 0. The proxy then decides with
//!   the base policy plus one tier-0 action per such tool, whose params come from the tool's `inputSchema`
//!   (string, number, integer and boolean properties; a tool with any other kind of property is not admitted,
//!   since the policy could not check its arguments). The derived policy gets its own SHA-256 and is recorded in
//!   the journal (`policy_loaded`), so every decision names the policy that made it.

use crate::gate::{Gate, Gated, ToolCall, lock};
use foureyes_core::Policy;
use foureyes_core::canonical::{canonical_sha256, sha256_hex};
use foureyes_core::policy::{ActionPolicy, ParamSpec, ParamType};
use foureyes_core::tool_pin::{
    NAME_REFUSED, PinCause, ToolPinned, check_not_alike, check_pinned_name, definition_sha256, excerpt, room_for, shown,
};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// A response the proxy looks at, by the method of the request it answers. Tools are pinned under their name;
/// the other definitions a server gives the model are pinned (ADR-282) under a key of their own, which no MCP tool
/// name can take (tool names hold no `:`): `prompt:NAME`, `resource:URI`, `template:URI-TEMPLATE`, and
/// `instructions` (the text for the model in the result of `initialize` and of the 2026-07-28 `server/discover`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Listing {
    Tools,
    Prompts,
    Resources,
    Templates,
    Initialize,
}

impl Listing {
    pub fn of(method: &str) -> Option<Listing> {
        match method {
            "tools/list" => Some(Listing::Tools),
            "prompts/list" => Some(Listing::Prompts),
            "resources/list" => Some(Listing::Resources),
            "resources/templates/list" => Some(Listing::Templates),
            // The 2026-07-28 handshake's result carries the same `instructions` (ADR-462, F462).
            "initialize" | "server/discover" => Some(Listing::Initialize),
            _ => None,
        }
    }
}

/// A transport's way to ask the upstream for one page of a listing (`method`: `tools/list`, `prompts/list`,
/// `resources/list`) in the client's session (ADR-402): the upstream's answer, as the bytes of one JSON-RPC message.
#[async_trait::async_trait]
pub trait Lister: Send + Sync {
    /// `meta`: the `_meta` a 2026-07-28 request carries its protocol version in (none before that era).
    async fn list(&self, method: &str, cursor: Option<&str>, meta: Option<&Value>) -> Result<Vec<u8>, String>;
}

/// The `io.modelcontextprotocol/` members of a call's `_meta` (a 2026-07-28 client's protocol version, capabilities
/// and info, which every request of that era carries): the proxy's own listing for the call carries them too.
pub fn era_meta(call: &ToolCall) -> Option<Value> {
    let meta = call.params.get("_meta")?.as_object()?;
    let era: serde_json::Map<String, Value> = meta
        .iter()
        .filter(|(k, _)| k.starts_with("io.modelcontextprotocol/"))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    (!era.is_empty()).then_some(Value::Object(era))
}

impl Listing {
    /// The request that asks for this listing, and the result's field that holds its entries (not `initialize`).
    fn request(self) -> Option<(&'static str, &'static str)> {
        match self {
            Listing::Tools => Some(("tools/list", "tools")),
            Listing::Prompts => Some(("prompts/list", "prompts")),
            Listing::Resources => Some(("resources/list", "resources")),
            Listing::Templates => Some(("resources/templates/list", "resourceTemplates")),
            Listing::Initialize => None,
        }
    }

    /// The method whose answer this listing is (`initialize` for the instructions, which `server/discover` gives too).
    fn method(self) -> &'static str {
        self.request().map_or("initialize", |(method, _)| method)
    }

    /// The listing that holds a pin key read by [`pinned_read`].
    pub fn of_key(key: &str) -> Listing {
        if key.starts_with("prompt:") { Listing::Prompts } else { Listing::Resources }
    }
}

/// What ends the name of the proxy's own listing walks in an upstream instance (ADR-402): a newline, which no
/// HTTP header value (an MCP session id) holds, so no client's walk can take the name.
const OWN: &str = "\n(own)";

/// The name of the proxy's own listing walks in the upstream instance `instance` (ADR-402, ADR-542).
pub fn own_walk(instance: &str) -> String {
    format!("{instance}{OWN}")
}

/// The upstream instance a walk lists (ADR-542): a client's walk is named after its instance (the stdio
/// connection, the MCP session); the proxy's own walks after it too ([`own_walk`]).
pub fn instance_of(walk: &str) -> &str {
    walk.strip_suffix(OWN).unwrap_or(walk)
}

/// The listings a server notification says changed (ADR-540): `notifications/tools/list_changed` and the prompts'
/// and resources' (resource templates come with the resources).
pub fn changed_by(method: &str) -> &'static [Listing] {
    match method {
        "notifications/tools/list_changed" => &[Listing::Tools],
        "notifications/prompts/list_changed" => &[Listing::Prompts],
        "notifications/resources/list_changed" => &[Listing::Resources, Listing::Templates],
        _ => &[],
    }
}

/// How many pages the proxy reads of a listing it asks for itself (ADR-402).
const MAX_OWN_PAGES: usize = 100;

/// The pin key of what a request reads (`prompts/get` a prompt, `resources/read` a resource), if it is pinned.
pub fn pinned_read(method: &str, params: Option<&serde_json::value::RawValue>) -> Option<String> {
    let field = match method {
        "prompts/get" => "name",
        "resources/read" => "uri",
        _ => return None,
    };
    let params: Value = serde_json::from_str(params?.get()).ok()?;
    let value = params.get(field)?.as_str()?;
    Some(if field == "name" { format!("prompt:{value}") } else { format!("resource:{value}") })
}

impl Gate {
    /// Whether responses to requests of this kind must be looked at.
    pub fn watches(&self, listing: Listing) -> bool {
        match listing {
            Listing::Tools => self.watches_tools_list(),
            _ => self.config().pin_tools,
        }
    }

    /// Whether a call in the upstream instance `instance` (`tools/call`, or a `prompts/get` or `resources/read` of
    /// this `listing`) must wait for the proxy's own listing (ADR-402): pins are on and no whole listing of its kind
    /// was checked in that instance (ADR-542) since the upstream last said it changed (ADR-540), so nothing says
    /// whether the definition is its pin.
    pub fn must_list_first(&self, instance: &str, listing: Listing) -> bool {
        self.config().pin_tools && !lock(&self.listed).contains(&(instance.to_string(), listing))
    }

    /// A server notification in the upstream instance `instance`: a `notifications/*/list_changed` (ADR-540) makes
    /// the listing it names unchecked there, so the next call lists it again (every page) and checks its pins
    /// before it is decided. Any other notification changes nothing.
    pub fn on_server_notification(&self, instance: &str, method: &str) {
        let changed = changed_by(method);
        if changed.is_empty() || !self.config().pin_tools {
            return;
        }
        let mut listed = lock(&self.listed);
        for listing in changed {
            listed.remove(&(instance.to_string(), *listing));
        }
    }

    /// Lists the upstream's `listing` through `lister` (every page) and checks it against the pins, as a client's
    /// listing is (ADR-402); `walk` names this listing's walk (never a client's).
    pub async fn list_first(
        &self,
        lister: &dyn Lister,
        walk: &str,
        listing: Listing,
        meta: Option<&Value>,
    ) -> Result<(), String> {
        let Some((method, field)) = listing.request() else { return Ok(()) };
        let mut cursor: Option<String> = None;
        for _ in 0..MAX_OWN_PAGES {
            self.walk_requested(walk, listing, cursor.clone().map(Value::String));
            let answer = lister.list(method, cursor.as_deref(), meta).await?;
            self.on_listing_in(walk, listing, &answer).await;
            let value = crate::jsonrpc::parse_strict(&answer).map_err(|e| format!("its answer cannot be read: {e}"))?;
            if value.get("result").and_then(|r| r.get(field)).is_none_or(|t| !t.is_array()) {
                let shown = String::from_utf8_lossy(&answer[..answer.len().min(300)]).into_owned();
                return Err(format!("it answered `{method}` with {shown}"));
            }
            match value.pointer("/result/nextCursor").and_then(Value::as_str) {
                Some(next) => cursor = Some(next.to_string()),
                None => return Ok(()),
            }
        }
        Err(format!("its `{method}` has more than {MAX_OWN_PAGES} pages"))
    }

    /// A call that came before any listing, when the proxy could not list the tools itself (ADR-402): refused
    /// (`isError`, journaled), as a call whose definition is not known to be its pin.
    pub async fn refuse_unlisted(&self, call: &ToolCall, why: &str) -> Value {
        let action = shown(&self.action_for(&call.name));
        let why = format!("the tools were never listed, and FourEyes could not list them itself: {why}");
        let input = json!({"server": self.config().server, "tool": call.name, "listed": false, "id": call.id,
            "params": call.params});
        if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &format!("{action}: {why}"), input).await {
            eprintln!("foureyes mcp-proxy: could not journal the refused call to `{action}`: {e}");
        }
        let text = format!(
            "NOT EXECUTED — refused by FourEyes: {why}. A tool's definition is checked against its pin before a \
             call; list the tools (`tools/list`) and call again."
        );
        call.answer(&text, json!({"action": action, "error": CHANGED, "listed": false}))
    }

    /// A `prompts/get` or `resources/read` of `key` (ADR-282, ADR-402): lists first when nothing of its kind was
    /// listed, then the JSON-RPC error to answer with when its definition is not its pin (`None`: forward it).
    pub async fn check_read(&self, lister: &dyn Lister, walk: &str, id: &Value, key: &str) -> Option<Value> {
        let listing = Listing::of_key(key);
        let instance = instance_of(walk);
        if self.must_list_first(instance, listing)
            && let Err(why) = self.list_first(lister, walk, listing, None).await
        {
            let why = format!("`{key}` was never listed, and FourEyes could not list it itself: {why}");
            let input = json!({"server": self.config().server, "tool": key, "listed": false, "id": id});
            if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &why, input).await {
                eprintln!("foureyes mcp-proxy: could not journal the refused read of `{key}`: {e}");
            }
            let message = format!("FourEyes refused: {why}");
            return Some(crate::jsonrpc::error_response(id, crate::jsonrpc::INVALID_PARAMS, &message));
        }
        self.refuse_changed_read(instance, id, key).await
    }

    /// Whether a read of `key` in the upstream instance `instance` must be looked at before it is forwarded
    /// (ADR-282, ADR-402, ADR-542; no I/O).
    pub fn watches_read(&self, instance: &str, key: &str) -> bool {
        self.has_changed(instance, key) || self.must_list_first(instance, Listing::of_key(key))
    }

    /// A client asks for a listing (`session`: the MCP session, or the stdio connection): a request without a
    /// cursor starts a new walk of its pages (ADR-401).
    pub fn listing_requested(&self, session: &str, listing: Listing, params: Option<&serde_json::value::RawValue>) {
        let cursor = params
            .and_then(|p| serde_json::from_str::<Value>(p.get()).ok())
            .and_then(|p| p.get("cursor").filter(|c| !c.is_null()).cloned());
        self.walk_requested(session, listing, cursor);
    }

    /// A page of `walk` is asked for with `cursor` (ADR-541): none starts a new walk, a whole one so far; a cursor
    /// that is not the `nextCursor` of the walk's last page (a walk that began at a cursor, or skipped a page) makes
    /// the walk not whole, so its last page is not a whole listing.
    fn walk_requested(&self, walk: &str, listing: Listing, cursor: Option<Value>) {
        let mut walks = lock(&self.walks);
        let key = (walk.to_string(), listing);
        match cursor {
            None => {
                walks.insert(key, crate::gate::Walk { whole: true, ..Default::default() });
            }
            Some(cursor) => {
                let walk = walks.entry(key).or_default();
                if walk.next.as_deref() != cursor.as_str() {
                    walk.whole = false;
                }
                walk.next = None;
            }
        }
    }

    /// Looks at a watched response; returns the rewritten message when something was hidden (`None`: forward the
    /// original bytes).
    pub async fn on_listing(&self, listing: Listing, response: &[u8]) -> Option<Vec<u8>> {
        self.on_listing_in("", listing, response).await
    }

    /// [`Gate::on_listing`] for a page of a walk in `session` (ADR-401): a key listed on an earlier page of the same
    /// walk is listed twice.
    pub async fn on_listing_in(&self, session: &str, listing: Listing, response: &[u8]) -> Option<Vec<u8>> {
        // A key given twice anywhere is unreadable too (ADR-930): the client may keep the value not checked here.
        let mut message: Value = match crate::jsonrpc::parse_strict(response) {
            Ok(message) => message,
            Err(e) => return Some(self.unreadable_listing(session, listing, response, &e).await),
        };
        if listing == Listing::Tools {
            return self.on_tools_list(session, message).await;
        }
        let instance = instance_of(session);
        let result = message.get_mut("result")?.as_object_mut()?;
        if listing == Listing::Initialize {
            let text = result.get("instructions")?.clone();
            let instructions = [("instructions".to_string(), json!({"instructions": text}))];
            let admitted = self.admit_pinned(instance, &instructions, true).await;
            if admitted.contains("instructions") {
                return None;
            }
            result.remove("instructions");
            return Some(crate::jsonrpc::to_frame(&message));
        }
        let (field, key, prefix) = match listing {
            Listing::Prompts => ("prompts", "name", "prompt:"),
            Listing::Resources => ("resources", "uri", "resource:"),
            _ => ("resourceTemplates", "uriTemplate", "template:"),
        };
        let next = result.get("nextCursor").filter(|c| !c.is_null()).cloned();
        let items = result.get_mut(field)?.as_array_mut()?;
        let keyed = |item: &Value| item.get(key).and_then(Value::as_str).map(|k| format!("{prefix}{k}"));
        let definitions: Vec<(String, Value)> = items
            .iter()
            .filter_map(|item| {
                let mut definition = item.clone();
                if let Some(d) = definition.as_object_mut() {
                    // A resource's size follows its content, which is data, not an instruction.
                    d.remove("size");
                }
                Some((keyed(item)?, definition))
            })
            .collect();
        let (admitted, whole) = self.admit_page(session, listing, &definitions, next).await;
        if whole {
            // A whole listing was checked: reads are checked against what it said (ADR-402, ADR-541).
            lock(&self.listed).insert((instance.to_string(), listing));
        }
        let listed = items.len();
        items.retain(|item| keyed(item).is_some_and(|k| admitted.contains(&k)));
        (items.len() != listed).then(|| crate::jsonrpc::to_frame(&message))
    }

    /// A `prompts/get` or `resources/read` of something whose listed definition is not its pin (ADR-282): the
    /// JSON-RPC error to answer with (journaled), unless a person re-pinned it since (the pins are read again).
    pub async fn refuse_changed_read(&self, instance: &str, id: &Value, key: &str) -> Option<Value> {
        if !self.config().pin_tools {
            return None;
        }
        let named = (instance.to_string(), key.to_string());
        let twice = lock(&self.listed_twice).get(&named).copied();
        if let Some(listed) = twice {
            // ADR-340: which of the entries the upstream would serve is its choice; no re-pin admits it.
            let why = format!("the upstream lists `{key}` more than once ({listed} definitions); it is hidden");
            let input = json!({"server": self.config().server, "tool": key, "listed": listed, "id": id});
            if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &why, input).await {
                eprintln!("foureyes mcp-proxy: could not journal the refused read of `{key}`: {e}");
            }
            let message = format!("FourEyes refused: {why}");
            return Some(crate::jsonrpc::error_response(id, crate::jsonrpc::INVALID_PARAMS, &message));
        }
        let refused = lock(&self.name_refused).get(&named).cloned();
        if let Some(why) = refused {
            let why = format!("the upstream's `{}` is refused for its name: {why}", shown(key));
            let input = json!({"server": self.config().server, "tool": key, "id": id});
            if let Err(e) = self.engine().refuse(&self.config().agent, NAME_REFUSED, &why, input).await {
                eprintln!("foureyes mcp-proxy: could not journal the refused read of `{}`: {e}", shown(key));
            }
            let message = format!("FourEyes refused: {why}");
            return Some(crate::jsonrpc::error_response(id, crate::jsonrpc::INVALID_PARAMS, &message));
        }
        if !lock(&self.changed).contains_key(&named) {
            return None;
        }
        let (pinned, seen) = self.still_changed(instance, key).await?;
        let server = self.config().server.clone();
        let why = format!(
            "the upstream changed the definition of `{key}` since it was pinned; it is hidden until a person re-pins              it (`foureyes mcp pins approve '{key}' --server {server} --hash {seen}`)"
        );
        let input = json!({"server": server, "tool": key, "pinned": pinned, "seen": seen, "id": id});
        if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &why, input).await {
            eprintln!("foureyes mcp-proxy: could not journal the refused read of `{key}`: {e}");
        }
        Some(crate::jsonrpc::error_response(id, crate::jsonrpc::INVALID_PARAMS, &format!("FourEyes refused: {why}")))
    }

    /// Whether the listed definition under `key` in the upstream instance `instance` was not its pin when last
    /// listed there (no I/O).
    pub fn has_changed(&self, instance: &str, key: &str) -> bool {
        let named = (instance.to_string(), key.to_string());
        self.config().pin_tools
            && (lock(&self.changed).contains_key(&named)
                || lock(&self.listed_twice).contains_key(&named)
                || lock(&self.name_refused).contains_key(&named))
    }

    /// Whether `key` is still changed after reading the pins again: (its pin, the hash last listed).
    async fn still_changed(&self, instance: &str, key: &str) -> Option<(Option<String>, String)> {
        let named = (instance.to_string(), key.to_string());
        let (pinned, seen) = lock(&self.changed).get(&named).cloned()?;
        let now = self.engine().tool_pins(&self.config().server, self.base_policy()).await;
        match now {
            Ok(pins) => match pins.get(key) {
                Some(pin) if pin.sha256 == seen => {
                    lock(&self.changed).remove(&named);
                    None
                }
                Some(pin) => Some((Some(pin.sha256.clone()), seen)),
                None => Some((pinned, seen)),
            },
            Err(_) => Some((pinned, seen)),
        }
    }

    /// Whether `tools/list` responses must be looked at.
    pub fn watches_tools_list(&self) -> bool {
        self.config().hide_denied || self.config().pin_tools || self.trusts_read_only_hint()
    }

    fn trusts_read_only_hint(&self) -> bool {
        // Hints extend the deciding policy; a remote server's policy is not the proxy's to extend.
        self.engine().decides_with_local_policy()
            && self.base_policy().mcp.get(&self.config().server).is_some_and(|m| m.trust_read_only_hint)
    }

    /// A watched answer the proxy cannot read (ADR-910, attack 25's P1): nested deeper than its JSON parser goes
    /// (128 levels), a lone surrogate escape (`\ud800`), or not JSON at all. Its definitions cannot be checked
    /// against their pins, so none of it is passed on: the client gets a JSON-RPC error under the request's id, the
    /// listing counts as unchecked in this upstream instance (a call, or a read, must wait for a readable one:
    /// ADR-402), and the answer is journaled once per digest (`refused`, `tool_definition_changed`, under the key
    /// `listing:METHOD`, with its size, its SHA-256 and as much of its text as the journal keeps) for a person to
    /// review in `foureyes mcp pins list`.
    async fn unreadable_listing(
        &self,
        session: &str,
        listing: Listing,
        response: &[u8],
        error: &serde_json::Error,
    ) -> Vec<u8> {
        let instance = instance_of(session);
        let method = listing.method();
        lock(&self.listed).remove(&(instance.to_string(), listing));
        lock(&self.walks).remove(&(session.to_string(), listing));
        if listing == Listing::Tools {
            lock(&self.listed_tools).retain(|(i, _)| i != instance);
        }
        let key = format!("listing:{method}");
        let seen = sha256_hex(response);
        if lock(&self.journaled_changes).insert((key.clone(), seen.clone())) {
            let why = format!(
                "the upstream's answer to `{method}` cannot be read ({error}), so its definitions cannot be checked \
                 against their pins; none of it was passed on"
            );
            let text = String::from_utf8_lossy(response);
            let mut input = json!({"server": self.config().server, "tool": key, "pinned": null, "seen": seen,
                "unreadable": error.to_string(), "definition": null});
            let room = room_for(&input);
            input["definition"] = excerpt(&text, &seen, room);
            if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &why, input).await {
                eprintln!("foureyes mcp-proxy: could not journal the unreadable `{method}` answer: {e}");
            }
        }
        let id = crate::jsonrpc::parse_envelope(response)
            .map(|e| e.id_value())
            .ok()
            .or_else(|| crate::framing::scan_id(response))
            .unwrap_or(Value::Null);
        let message = format!(
            "FourEyes refused the upstream's `{method}` answer: it cannot be read ({error}), so what it tells the \
             model cannot be checked; it was not passed on (journaled for review)"
        );
        crate::jsonrpc::to_frame(&crate::jsonrpc::error_response(&id, crate::jsonrpc::INTERNAL_ERROR, &message))
    }

    /// Looks at a `tools/list` response: learns trusted hints, and returns the rewritten message when tools were
    /// hidden (`None`: forward the original bytes).
    async fn on_tools_list(&self, session: &str, mut message: Value) -> Option<Vec<u8>> {
        let next = message.pointer("/result/nextCursor").filter(|c| !c.is_null()).cloned();
        let tools = message.pointer_mut("/result/tools")?.as_array_mut()?;
        let listed = tools.len();
        if self.config().pin_tools {
            let definitions: Vec<(String, Value)> = tools
                .iter()
                .filter_map(|t| Some((t.get("name").and_then(Value::as_str)?.to_string(), t.clone())))
                .collect();
            let (admitted, whole) = self.admit_page(session, Listing::Tools, &definitions, next).await;
            if whole {
                // A whole listing was checked: calls are checked against what it said (ADR-402, ADR-541).
                lock(&self.listed).insert((instance_of(session).to_string(), Listing::Tools));
            }
            tools.retain(|t| t.get("name").and_then(Value::as_str).is_some_and(|name| admitted.contains(name)));
        }
        if self.trusts_read_only_hint() {
            self.learn_hints(tools).await;
        }
        if !self.config().hide_denied {
            return (tools.len() != listed).then(|| crate::jsonrpc::to_frame(&message));
        }
        let named = match self.engine().named_actions(&self.policy()).await {
            Ok(named) => named,
            Err(e) => {
                // Hiding is a courtesy to the model, not the gate: every call is still decided. Show all.
                eprintln!("foureyes mcp-proxy: cannot read the policy's actions to hide tools, listing all: {e}");
                return (tools.len() != listed).then(|| crate::jsonrpc::to_frame(&message));
            }
        };
        tools.retain(|tool| {
            tool.get("name").and_then(Value::as_str).is_some_and(|name| named.contains(&self.action_for(name)))
        });
        (tools.len() != listed).then(|| crate::jsonrpc::to_frame(&message))
    }

    /// One page of a listing (ADR-401): its keys that are admitted, and whether it ended a whole listing. The pages
    /// of one walk (from a request without a cursor to a page without `nextCursor`, each asked for with the cursor
    /// the page before gave: ADR-541) are one listing: a key an earlier page of the walk gave is listed twice
    /// (ADR-340) — hidden, its calls refused — and a key once listed twice stays so until a whole walk names it once.
    /// `next`: the page's `nextCursor` (none on the last page).
    async fn admit_page(
        &self,
        session: &str,
        listing: Listing,
        page: &[(String, Value)],
        next: Option<Value>,
    ) -> (BTreeSet<String>, bool) {
        let instance = instance_of(session);
        let walk = (session.to_string(), listing);
        let complete = next.is_none();
        let (earlier, whole): (Vec<(String, Value)>, bool) = {
            let walks = lock(&self.walks);
            let whole = complete && walks.get(&walk).is_some_and(|w| w.whole);
            let seen = walks.get(&walk).map(|w| &w.seen);
            let earlier = page
                .iter()
                .map(|(key, _)| key)
                .collect::<BTreeSet<_>>()
                .into_iter()
                .flat_map(|key| {
                    seen.and_then(|s| s.get(key)).into_iter().flatten().map(move |d| (key.clone(), d.clone()))
                })
                .collect();
            (earlier, whole)
        };
        let mut all = earlier;
        all.extend(page.iter().cloned());
        let admitted = self.admit_pinned(instance, &all, whole).await;
        let mut walks = lock(&self.walks);
        if listing == Listing::Tools {
            // A tool is callable only once a listing named it (ADR-661); a whole listing says which tools are listed.
            let mut listed = lock(&self.listed_tools);
            if whole {
                let named: BTreeSet<&String> = walks
                    .get(&walk)
                    .map(|w| w.seen.keys().collect::<Vec<_>>())
                    .unwrap_or_default()
                    .into_iter()
                    .chain(page.iter().map(|(key, _)| key))
                    .collect();
                listed.retain(|(i, tool)| i != instance || named.contains(tool));
            }
            listed.extend(all.iter().map(|(key, _)| (instance.to_string(), key.clone())));
        }
        if complete {
            let seen = walks.remove(&walk).unwrap_or_default().seen;
            if whole {
                // The whole listing is known: a key it named once is no longer listed twice.
                let mut twice = lock(&self.listed_twice);
                for (key, definitions) in &seen {
                    if definitions.len() == 1 && !page.iter().any(|(k, _)| k == key) {
                        twice.remove(&(instance.to_string(), key.clone()));
                    }
                }
            }
        } else {
            let state = walks.entry(walk).or_default();
            state.next = next.as_ref().and_then(Value::as_str).map(str::to_string);
            for (key, definition) in page {
                state.seen.entry(key.clone()).or_default().push(definition.clone());
            }
        }
        (admitted, whole)
    }

    /// The keys of the listed definitions (tools by name, ADR-161; the others by [`Listing`]'s keys, ADR-282) that
    /// are their pin (pinning the ones without a pin as first seen); the others are remembered as changed, and
    /// journaled once per new hash. `complete`: the listing is whole (the last page of a whole walk, ADR-541), so a
    /// key it names once is no longer listed twice; otherwise such a key stays hidden. `instance`: the upstream
    /// instance that listed them (ADR-542).
    async fn admit_pinned(&self, instance: &str, tools: &[(String, Value)], complete: bool) -> BTreeSet<String> {
        let server = self.config().server.clone();
        let mut admitted = BTreeSet::new();
        // Why the store refused a first-seen pin, kept across both rounds: the second round judges the listing again,
        // and a look-alike the transaction reported (another server's journaled pin) is a name refusal there too,
        // not a changed definition "pinned none" (attack 41's H4, ADR-1413).
        let mut first_seen_refused: BTreeMap<&str, String> = BTreeMap::new();
        // Twice at most: after pinning first-seen tools, read again, since another proxy may have pinned first.
        for round in 0..2 {
            admitted.clear();
            let mut pins = match self.engine().tool_pins(&server, self.base_policy()).await {
                Ok(pins) => pins,
                Err(e) => {
                    eprintln!("foureyes mcp-proxy: cannot read the tool pins, so no tool is listed: {e}");
                    return admitted;
                }
            };
            let mut pinned_now = false;
            let base = self.base_policy().clone();
            let twice = listed_more_than_once(tools);
            for (name, definitions) in &twice {
                self.tool_listed_twice(instance, name, pins.get(*name).map(|p| p.sha256.clone()), definitions).await;
            }
            for (name, tool) in tools {
                let name = name.as_str();
                if twice.contains_key(name) {
                    continue;
                }
                let named = (instance.to_string(), name.to_string());
                if complete {
                    lock(&self.listed_twice).remove(&named);
                } else if lock(&self.listed_twice).contains_key(&named) {
                    continue;
                }
                let seen = definition_sha256(tool);
                // A name no pin may hold (the name rules, or a look-alike of a pin this server holds) is refused for
                // its name, not journaled as a changed definition it never had (attack 40's H4, ADR-1322).
                // The policy's pins of every server count (`s0`'s `x` beside this `sO`'s), as at the HTTP pin doors.
                let policy_pins =
                    base.mcp.iter().flat_map(|(s, m)| m.pins.keys().map(move |t| (s.as_str(), t.as_str())));
                if !pins.contains_key(name)
                    && let Err(why) = check_pinned_name(name).and_then(|()| {
                        check_not_alike(
                            &server,
                            name,
                            pins.keys().map(|t| (server.as_str(), t.as_str())).chain(policy_pins),
                        )
                    })
                {
                    self.tool_name_refused(instance, name, seen, why).await;
                    continue;
                }
                if !pins.contains_key(name)
                    && let Some(why) = first_seen_refused.get(name).filter(|why| why.contains("reads like"))
                {
                    // Another server's pin reads like it: the store's transaction said so (ADR-1260).
                    self.tool_name_refused(instance, name, seen, why.clone()).await;
                    continue;
                }
                lock(&self.name_refused).remove(&named);
                if !pins.contains_key(name) && round == 0 {
                    let pin = ToolPinned {
                        server: server.clone(),
                        tool: name.to_string(),
                        sha256: seen.clone(),
                        cause: PinCause::FirstSeen,
                        by: self.config().agent.clone(),
                        previous: None,
                    };
                    match self.engine().pin_first_seen(&pin).await {
                        Ok(()) => {
                            pins.insert(name.to_string(), pin);
                            pinned_now = true;
                            continue;
                        }
                        Err(e) => {
                            eprintln!("foureyes mcp-proxy: could not pin `{}` as first seen: {e}", shown(name));
                            first_seen_refused.insert(name, e.to_string());
                            // Another proxy may have pinned it first (ADR-404 refuses a second first-seen pin of
                            // another hash): read the pins again, and judge the listing by the pin that holds.
                            pinned_now = true;
                            continue;
                        }
                    }
                }
                let pinned = pins.get(name).map(|p| p.sha256.clone());
                if pinned.as_deref() == Some(seen.as_str()) {
                    admitted.insert(name.to_string());
                    lock(&self.changed).remove(&named);
                } else {
                    self.tool_changed(instance, name, pinned, seen, tool).await;
                }
            }
            if !pinned_now {
                break;
            }
        }
        admitted
    }

    /// Remembers that `tool` is listed under a name no pin may hold (`why`), and journals it once per hash
    /// (`refused`, [`NAME_REFUSED`]; attack 40's H4, ADR-1322): the tool is hidden, and its calls are refused for
    /// the name. The definition is not journaled: it is no change for a person to review and re-pin.
    async fn tool_name_refused(&self, instance: &str, tool: &str, seen: String, why: String) {
        lock(&self.changed).remove(&(instance.to_string(), tool.to_string()));
        lock(&self.name_refused).insert((instance.to_string(), tool.to_string()), why.clone());
        if !lock(&self.journaled_changes).insert((tool.to_string(), format!("name refused: {seen}"))) {
            return;
        }
        let why = format!("the upstream lists a tool named `{}`, and no pin may hold that name: {why}", shown(tool));
        let input = json!({"server": self.config().server, "tool": tool, "seen": seen});
        if let Err(e) = self.engine().refuse(&self.config().agent, NAME_REFUSED, &why, input).await {
            eprintln!("foureyes mcp-proxy: could not journal the refused name `{}`: {e}", shown(tool));
            lock(&self.journaled_changes).remove(&(tool.to_string(), format!("name refused: {seen}")));
        }
    }

    /// A call to a tool listed under a name no pin may hold (see [`Gate::tool_name_refused`]): refused (`isError`,
    /// journaled, [`NAME_REFUSED`]), the name escaped and the reason the name's (attack 40's H4, ADR-1322).
    async fn refuse_if_name_refused(&self, call: &ToolCall) -> Option<Gated> {
        let named = (call.upstream.clone(), call.name.clone());
        let why = lock(&self.name_refused).get(&named).cloned()?;
        let name = shown(&call.name);
        let why = format!("the upstream's tool `{name}` is refused for its name: {why}");
        let input = json!({"server": self.config().server, "tool": call.name, "id": call.id, "params": call.params});
        if let Err(e) = self.engine().refuse(&self.config().agent, NAME_REFUSED, &why, input).await {
            eprintln!("foureyes mcp-proxy: could not journal the refused call to `{name}`: {e}");
        }
        let text = format!(
            "NOT EXECUTED — refused by FourEyes: {why}. A name that reads like another tool's, or that no action can \
             hold, is never pinned, so the tool is hidden and its calls refused; no re-pin admits it."
        );
        let meta = json!({"error": NAME_REFUSED, "tool": name});
        Some(Gated::Answer(call.answer(&text, meta)))
    }

    /// Remembers that `tool`'s listed definition (hashing to `seen`) is not its pin, and journals it once.
    async fn tool_changed(&self, instance: &str, tool: &str, pinned: Option<String>, seen: String, definition: &Value) {
        lock(&self.changed).insert((instance.to_string(), tool.to_string()), (pinned.clone(), seen.clone()));
        if !lock(&self.journaled_changes).insert((tool.to_string(), seen.clone())) {
            return;
        }
        let action = self.action_for(tool);
        let why =
            format!("{action}: the upstream's definition of `{tool}` is not its pin; it is hidden until re-pinned");
        let mut input = json!({"server": self.config().server, "tool": tool, "pinned": pinned, "seen": seen,
            "definition": null});
        let room = room_for(&input);
        input["definition"] = journalable(definition, room);
        if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &why, input).await {
            eprintln!("foureyes mcp-proxy: could not journal the changed definition of `{tool}`: {e}");
            // ADR-938: a later listing journals it again (a throttled server, say): the change is not lost.
            lock(&self.journaled_changes).remove(&(tool.to_string(), seen));
        }
    }

    /// Remembers that the listing names `tool` more than once (ADR-340), and journals it once per set of definitions.
    async fn tool_listed_twice(&self, instance: &str, tool: &str, pinned: Option<String>, definitions: &[&Value]) {
        lock(&self.listed_twice).insert((instance.to_string(), tool.to_string()), definitions.len());
        let seen: Vec<String> = definitions.iter().map(|d| definition_sha256(d)).collect();
        let key = format!("listed {} times: {}", seen.len(), seen.join(","));
        if !lock(&self.journaled_changes).insert((tool.to_string(), key)) {
            return;
        }
        let action = self.action_for(tool);
        let why = format!(
            "{action}: the upstream lists `{tool}` {} times; every entry is hidden and its calls refused until a \
             listing names it once",
            definitions.len()
        );
        let mut input = json!({"server": self.config().server, "tool": tool, "pinned": pinned,
            "listed": definitions.len(), "seen": seen, "definitions": []});
        let room = room_for(&input) / definitions.len().max(1);
        input["definitions"] = definitions.iter().map(|d| journalable(d, room)).collect();
        if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &why, input).await {
            eprintln!("foureyes mcp-proxy: could not journal the listing that names `{tool}` twice: {e}");
        }
    }

    /// A call to a tool the last listing named more than once (ADR-340): refused (`isError`, journaled). No re-pin
    /// admits it: which entry the upstream runs is the upstream's choice.
    async fn refuse_if_listed_twice(&self, call: &ToolCall) -> Option<Gated> {
        let named = (call.upstream.clone(), call.name.clone());
        let listed = lock(&self.listed_twice).get(&named).copied()?;
        let server = self.config().server.clone();
        let action = shown(&self.action_for(&call.name));
        let why = format!(
            "the upstream lists `{}` more than once ({listed} definitions), so which one would run is not known",
            shown(&call.name)
        );
        let input = json!({"server": server, "tool": call.name, "listed": listed, "id": call.id,
            "params": call.params});
        if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &format!("{action}: {why}"), input).await {
            eprintln!("foureyes mcp-proxy: could not journal the refused call to `{action}`: {e}");
        }
        let text = format!(
            "NOT EXECUTED — refused by FourEyes: {why}. A second definition can re-instruct the model, so the tool is \
             hidden and refused until the upstream lists it once, as pinned."
        );
        let meta = json!({"action": action, "error": CHANGED, "listed": listed});
        Some(Gated::Answer(call.answer(&text, meta)))
    }

    /// A call to a tool whose listed definition is not its pin: refused (`isError`, journaled with both hashes),
    /// unless a person re-pinned it to what was listed since (the pins are read again).
    pub(crate) async fn refuse_if_changed(&self, call: &ToolCall) -> Option<Gated> {
        if !self.config().pin_tools {
            return None;
        }
        if let Some(refusal) = self.refuse_if_name_refused(call).await {
            return Some(refusal);
        }
        if let Some(refusal) = self.refuse_if_listed_twice(call).await {
            return Some(refusal);
        }
        if let Some(refusal) = self.refuse_changed_definition(call).await {
            return Some(refusal);
        }
        self.refuse_if_never_listed(call).await
    }

    /// A call to a tool that no listing of its upstream instance named (ADR-661, attack 15's H3, F661): refused
    /// (`isError`, journaled), since its definition was never seen, so never checked against a pin. A pin taken from
    /// the policy does not stand in for a listing: it says which definition a person approved, not that the
    /// upstream serves that one.
    async fn refuse_if_never_listed(&self, call: &ToolCall) -> Option<Gated> {
        if lock(&self.listed_tools).contains(&(call.upstream.clone(), call.name.clone())) {
            return None;
        }
        // The name is the model's: echoed only escaped, one-to-one, to the model and the journal (attack 41's H10,
        // ADR-1412).
        let action = shown(&self.action_for(&call.name));
        let why = format!(
            "the upstream does not list `{}`, so its definition was never checked against its pin",
            shown(&call.name)
        );
        let input = json!({"server": self.config().server, "tool": call.name, "listed": false, "id": call.id,
            "params": call.params});
        if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &format!("{action}: {why}"), input).await {
            eprintln!("foureyes mcp-proxy: could not journal the refused call to `{action}`: {e}");
        }
        let text = format!(
            "NOT EXECUTED — refused by FourEyes: {why}. Only a tool the upstream lists, with the definition it was \
             pinned with, is called; list the tools (`tools/list`) and call one of them."
        );
        Some(Gated::Answer(call.answer(&text, json!({"action": action, "error": CHANGED, "listed": false}))))
    }

    /// A call to a tool whose listed definition is not its pin (see [`Gate::refuse_if_changed`]).
    async fn refuse_changed_definition(&self, call: &ToolCall) -> Option<Gated> {
        let named = (call.upstream.clone(), call.name.clone());
        let (pinned, seen) = lock(&self.changed).get(&named).cloned()?;
        let server = self.config().server.clone();
        let now = self.engine().tool_pins(&server, self.base_policy()).await;
        let pinned = match now {
            Ok(pins) => match pins.get(&call.name) {
                Some(pin) if pin.sha256 == seen => {
                    lock(&self.changed).remove(&named);
                    return None;
                }
                Some(pin) => Some(pin.sha256.clone()),
                None => pinned,
            },
            Err(_) => pinned,
        };
        let action = self.action_for(&call.name);
        let short = |h: &Option<String>| h.as_deref().map_or("none".to_string(), |h| h[..12.min(h.len())].to_string());
        let why = format!(
            "the upstream changed the definition of `{}` since it was pinned (pinned {}, listed {})",
            call.name,
            short(&pinned),
            &seen[..12.min(seen.len())]
        );
        let input = json!({"server": server, "tool": call.name, "pinned": pinned, "seen": seen, "id": call.id,
            "params": call.params});
        if let Err(e) = self.engine().refuse(&self.config().agent, CHANGED, &format!("{action}: {why}"), input).await {
            eprintln!("foureyes mcp-proxy: could not journal the refused call to `{action}`: {e}");
        }
        let text = format!(
            "NOT EXECUTED — refused by FourEyes: {why}. A changed tool description can re-instruct the model, so the \
             tool is hidden until a person reviews the new definition and re-pins it (`foureyes mcp pins approve {} \
             --server {server} --hash {seen}`).",
            call.name
        );
        let meta = json!({"action": action, "error": CHANGED, "pinned": pinned, "seen": seen});
        Some(Gated::Answer(call.answer(&text, meta)))
    }

    async fn learn_hints(&self, tools: &[Value]) {
        let base = self.base_policy().clone();
        let changed = {
            let mut hinted = crate::gate::lock(&self.hinted);
            let before = hinted.clone();
            for tool in tools {
                let Some(name) = tool.get("name").and_then(Value::as_str) else { continue };
                // A name no action can hold gets no action (attack 39: `mcp.fs.re\u{430}d_file` was introduced by the
                // derived policy, beside `mcp.fs.read_file`, and every call to it refused as no dotted name).
                if foureyes_core::tool_pin::check_tool_name(name).is_err() {
                    continue;
                }
                let action = self.action_for(name);
                if base.action(&action).is_some() {
                    continue;
                }
                let read_only = tool.pointer("/annotations/readOnlyHint").and_then(Value::as_bool) == Some(true);
                match read_only.then(|| read_only_action(tool, &base)).flatten() {
                    Some(spec) => {
                        hinted.insert(action, spec);
                    }
                    None => {
                        hinted.remove(&action);
                    }
                }
            }
            let changed = keys(&before) != keys(&hinted);
            changed.then(|| hinted.clone())
        };
        let Some(hinted) = changed else { return };
        let derived = Arc::new(derive(&base, &hinted));
        if let Err(e) = self.engine().record_policy(&derived).await {
            // Without the journal entry the derived policy must not be used: decide with the base policy.
            eprintln!("foureyes mcp-proxy: could not record the policy with trusted readOnlyHint tools: {e}");
            return;
        }
        self.set_policy(derived);
    }
}

/// The code of the `refused` events that journal a changed tool definition.
pub const CHANGED: &str = foureyes_core::tool_pin::CHANGED;

/// An upstream's definition as the journal can hold it, for the person who reviews the change, in at most `room`
/// bytes of canonical JSON: the definition itself when a reader takes it back exactly inside its `refused` event,
/// else its JSON text as one string. The journal refuses what a reader would not take back (ADR-372: nesting past
/// 100 levels with the event around it, integers past 2^53), so a definition nested 96 levels deep was refused and
/// never journaled, and a person had nothing to review (attack 22, `mcpdeep22.py 96`; F382). As text every byte is
/// still there, and `seen` still hashes the definition. A definition larger than `room` (ADR-912, attack 25's P3)
/// is journaled as [`excerpt`]: its size, its SHA-256 (the `seen` hash) and the start of its canonical text. The
/// store would otherwise replace the whole `refused` input with an excerpt of its own (`bytes`, `excerpt`: ADR-372),
/// which drops `definition`, `tool` and `seen`, so `mcp pins list` could not list the change at all.
fn journalable(definition: &Value, room: usize) -> Value {
    // The event around it: data → input → definitions → [i] → the definition, with a level to spare.
    let embedded = json!({"data": {"input": {"definitions": [{"definition": definition}]}}});
    let readable = foureyes_core::canonical::to_readable_string(&embedded).is_ok();
    if readable && foureyes_core::canonical::to_canonical_string(definition).len() <= room {
        return definition.clone();
    }
    let text = Value::String(definition.to_string());
    if foureyes_core::canonical::to_canonical_string(&text).len() <= room {
        return text;
    }
    let canonical = foureyes_core::canonical::to_canonical_string(definition);
    excerpt(&canonical, &sha256_hex(canonical.as_bytes()), room)
}

/// The keys a listing gives more than once, each with all its entries in the listing's order.
pub fn listed_more_than_once(listed: &[(String, Value)]) -> BTreeMap<&str, Vec<&Value>> {
    let mut by_key: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
    for (key, definition) in listed {
        by_key.entry(key.as_str()).or_default().push(definition);
    }
    by_key.retain(|_, entries| entries.len() > 1);
    by_key
}

/// What the hinted actions amount to (names, param types, required), to tell whether a listing changed them.
fn keys(map: &BTreeMap<String, ActionPolicy>) -> String {
    let summary: BTreeMap<&String, Vec<String>> = map
        .iter()
        .map(|(k, a)| (k, a.params.iter().map(|(n, p)| format!("{n}:{}:{}", p.ty, p.required)).collect()))
        .collect();
    canonical_sha256(&summary)
}

/// A tier-0 action for a tool whose `inputSchema` the policy language can express; `None` otherwise.
pub fn read_only_action(tool: &Value, base: &Policy) -> Option<ActionPolicy> {
    let schema = tool.get("inputSchema");
    let required: Vec<&str> = schema
        .and_then(|s| s.get("required"))
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut params = BTreeMap::new();
    if let Some(properties) = schema.and_then(|s| s.get("properties")) {
        for (name, property) in properties.as_object()? {
            let ty = match property.get("type").and_then(Value::as_str)? {
                "string" => ParamType::String,
                "number" => ParamType::Number,
                "integer" => ParamType::Integer,
                "boolean" => ParamType::Boolean,
                _ => return None,
            };
            params.insert(name.clone(), ParamSpec::unbounded(ty, required.contains(&name.as_str())));
        }
    }
    Some(ActionPolicy::observe(
        "tier 0 from the upstream's readOnlyHint, trusted by the policy's `mcp` section",
        params,
        base.default_approvals,
    ))
}

/// The base policy plus the hinted actions, with a SHA-256 that covers both.
pub fn derive(base: &Policy, hinted: &BTreeMap<String, ActionPolicy>) -> Policy {
    let mut derived = base.clone();
    let summary: Vec<Value> = hinted
        .iter()
        .map(|(action, a)| {
            let params: BTreeMap<&String, Value> =
                a.params.iter().map(|(n, p)| (n, json!({"type": p.ty.to_string(), "required": p.required}))).collect();
            json!({"action": action, "tier": 0, "params": params})
        })
        .collect();
    for (action, spec) in hinted {
        derived.actions.insert(action.clone(), spec.clone());
    }
    let hints_sha = canonical_sha256(&summary);
    derived.sha256 = sha256_hex(format!("{}+mcp-read-only-hints:{hints_sha}", base.sha256).as_bytes());
    let names: Vec<&str> = hinted.keys().map(String::as_str).collect();
    derived.source = if names.is_empty() {
        base.source.clone()
    } else {
        format!("{} + tier 0 from trusted readOnlyHint: {}", base.source, names.join(", "))
    };
    if names.is_empty() {
        derived.sha256 = base.sha256.clone();
    }
    derived
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn base() -> Policy {
        Policy::from_yaml(
            "p",
            "version: 1\nactions:\n  mcp.fs.write_file: { tier: 3 }\nmcp:\n  fs: { trust_read_only_hint: true }\n",
        )
        .unwrap()
    }

    #[test]
    fn only_primitive_schemas_become_tier_0_actions() {
        let tool = json!({"name": "read", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}, "head": {"type": "number"}}, "required": ["path"]}});
        let a = read_only_action(&tool, &base()).unwrap();
        assert_eq!(a.tier, 0);
        assert!(a.params["path"].required && !a.params["head"].required);
        let arrays = json!({"name": "many", "inputSchema": {"properties": {"paths": {"type": "array"}}}});
        assert!(read_only_action(&arrays, &base()).is_none());
        let untyped = json!({"name": "x", "inputSchema": {"properties": {"p": {}}}});
        assert!(read_only_action(&untyped, &base()).is_none());
        assert!(read_only_action(&json!({"name": "noargs"}), &base()).unwrap().params.is_empty());
    }

    #[test]
    fn the_derived_policy_has_its_own_digest_and_says_where_it_came_from() {
        let base = base();
        let mut hinted = BTreeMap::new();
        assert_eq!(derive(&base, &hinted).sha256, base.sha256);
        hinted.insert("mcp.fs.read".to_string(), read_only_action(&json!({"name": "read"}), &base).unwrap());
        let d = derive(&base, &hinted);
        assert_ne!(d.sha256, base.sha256);
        assert_eq!(d.action("mcp.fs.read").unwrap().tier, 0);
        assert!(d.source.ends_with("tier 0 from trusted readOnlyHint: mcp.fs.read"), "{}", d.source);
    }
}
