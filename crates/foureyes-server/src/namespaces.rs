//! Several namespaces behind one listener (ADR-500): each namespace is a whole door — its own [`AppState`] over its
//! own store, policy, change feed, metrics and refusal counts — and [`doors`] routes each request to the door its
//! credential names (`foureyes_store::namespace::of_credential`): the bearer token, else the console session cookie,
//! else the sign-in link's code, else the token in a console sign-in body. A request that names no namespace, or
//! one this server does not serve, goes to the main door, which refuses any credential not its own. Routing is
//! only a choice of door: each door still checks that a credential names it (`auth::Caller`), so a wrong route can
//! cost a `401`, never let one namespace's credential act in another.

use crate::auth::{SESSION_COOKIE, cookie_value};
use crate::{AppState, MAX_BODY_BYTES, app};
use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{Method, header};
use foureyes_store::namespace;
use std::collections::HashMap;
use std::sync::Arc;
use tower::ServiceExt;

/// The doors of `main` and `others` behind one router. With no `others`, exactly [`app`]`(main)`.
pub fn doors(main: AppState, others: Vec<AppState>) -> Router {
    if others.is_empty() {
        return app(main);
    }
    let main_name = main.namespace.clone();
    let main_router = app(main);
    let mut by_name: HashMap<Option<String>, Router> = HashMap::new();
    for state in others {
        by_name.insert(state.namespace.clone(), app(state));
    }
    by_name.insert(main_name, main_router.clone());
    let table = Arc::new(Table { by_name, main: main_router });
    Router::new().fallback(move |request: Request| {
        let table = table.clone();
        async move { table.dispatch(request).await }
    })
}

struct Table {
    by_name: HashMap<Option<String>, Router>,
    main: Router,
}

impl Table {
    async fn dispatch(&self, request: Request) -> axum::response::Response {
        let (named, request) = named_namespace(request).await;
        let router = match self.by_name.get(&named) {
            Some(router) => router.clone(),
            None => self.main.clone(),
        };
        match router.oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        }
    }
}

/// The namespace the request's credential names (`None`: the default), and the request, whole.
async fn named_namespace(request: Request) -> (Option<String>, Request) {
    let (parts, body) = request.into_parts();
    let owned = |c: &str| namespace::of_credential(c).map(str::to_string);
    if let Some(value) = parts.headers.get(header::AUTHORIZATION) {
        let token = value.to_str().ok().and_then(|v| v.strip_prefix("Bearer ")).unwrap_or_default();
        return (owned(token), Request::from_parts(parts, body));
    }
    if let Some(cookie) = cookie_value(&parts, SESSION_COOKIE) {
        return (owned(cookie), Request::from_parts(parts, body));
    }
    if parts.uri.path() == "/console/signin" {
        let code = parts.uri.query().unwrap_or_default().split('&').find_map(|p| p.strip_prefix("code="));
        let named = code.and_then(|c| owned(&percent_decoded(c)));
        return (named, Request::from_parts(parts, body));
    }
    if parts.method == Method::POST && parts.uri.path() == "/console/session" {
        // The console's sign-in sends its token in the body: read it (within the body limit every endpoint has),
        // route by it, and hand the same bytes on. A body too large or unreadable goes to the main door, which
        // answers it as it would any other.
        return match axum::body::to_bytes(body, MAX_BODY_BYTES).await {
            Ok(bytes) => {
                let named = serde_json::from_slice::<serde_json::Value>(&bytes)
                    .ok()
                    .and_then(|v| v.get("token").and_then(|t| t.as_str()).and_then(owned));
                (named, Request::from_parts(parts, Body::from(bytes)))
            }
            Err(_) => (None, Request::from_parts(parts, Body::empty())),
        };
    }
    (None, Request::from_parts(parts, body))
}

/// `%2E` and the like decoded (a sign-in code is hex and a namespace name; only an odd client encodes them).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Some(b) = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
