//! The executing door against real local HTTP servers and real commands, on both backends (SQLite, and PostgreSQL
//! from `FOUREYES_TEST_PG`: without it the `pg_` tests fail, never skip): a permit runs its connector once, a
//! denied, deferred or replayed decision never reaches it, deadlines, 5xx, slow and huge bodies, redirects to
//! forbidden origins, template injection in params, secrets redacted, undo through the compensating connector, and
//! runs a crash left unconfirmed listed and never re-run.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::support;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{any, get, post};
use foureyes_connect::secrets::{SecretKey, SecretTable, Secrets, SqliteSecrets};
use foureyes_connect::{Door, Executed, unconfirmed};
use foureyes_core::journal::EventKind;
use foureyes_core::{ActionRequest, DecisionStatus, Outcome, Policy, Verdict};
use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const AGENT: &str = "agent-bot";
const TOKEN: &str = "tok-shop-0123456789-secret";
const T0: i64 = 1_767_225_600_000;

/// Every request a test server received: (path, authorization header, body).
#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<(String, String, String)>>>);

impl Seen {
    fn count(&self, prefix: &str) -> usize {
        self.0.lock().unwrap().iter().filter(|(p, _, _)| p.starts_with(prefix)).count()
    }
    fn all(&self) -> Vec<(String, String, String)> {
        self.0.lock().unwrap().clone()
    }
}

async fn record(seen: &Seen, path: String, headers: &HeaderMap, body: &Bytes) {
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    seen.0.lock().unwrap().push((path, auth, String::from_utf8_lossy(body).into_owned()));
}

/// The shop: the real system FourEyes acts on.
async fn shop(other_origin: Option<String>) -> (String, Seen) {
    let seen = Seen::default();
    let state = (seen.clone(), other_origin);
    let bounce = |State((seen, _)): State<(Seen, Option<String>)>,
                  Query(q): Query<std::collections::HashMap<String, String>>,
                  h: HeaderMap,
                  b: Bytes| async move {
        record(&seen, "/bounce".into(), &h, &b).await;
        Redirect::temporary(q.get("to").map(String::as_str).unwrap_or("/")).into_response()
    };
    let app =
        Router::new()
            .route(
                "/refunds/{id}",
                post(
                    |State((seen, _)): State<(Seen, Option<String>)>,
                     Path(id): Path<String>,
                     h: HeaderMap,
                     b: Bytes| async move {
                        record(&seen, format!("/refunds/{id}"), &h, &b).await;
                        // An echo of what arrived, the credential included: the report must redact it.
                        let auth = h.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
                        axum::Json(json!({"ok": true, "order": id, "echo_auth": auth}))
                    },
                ),
            )
            .route(
                "/state",
                get(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap| async move {
                    record(&seen, "/state".into(), &h, &Bytes::new()).await;
                    axum::Json(json!({"celsius": 19}))
                }),
            )
            .route(
                "/temperature",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/temperature".into(), &h, &b).await;
                    axum::Json(json!({"ok": true}))
                }),
            )
            .route(
                "/fail500",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/fail500".into(), &h, &b).await;
                    (StatusCode::INTERNAL_SERVER_ERROR, "boom")
                }),
            )
            .route(
                "/fail400",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/fail400".into(), &h, &b).await;
                    (StatusCode::BAD_REQUEST, "no such order")
                }),
            )
            .route(
                "/slow",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/slow".into(), &h, &b).await;
                    tokio::time::sleep(Duration::from_secs(5)).await;
                    "late"
                }),
            )
            .route(
                "/slowbody",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/slowbody".into(), &h, &b).await;
                    Response::new(Body::from_stream(ticks()))
                }),
            )
            .route(
                "/huge",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/huge".into(), &h, &b).await;
                    "x".repeat(8 * 1024 * 1024)
                }),
            )
            .route(
                "/redirect",
                post(|State((seen, other)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/redirect".into(), &h, &b).await;
                    Redirect::temporary(&format!("{}/steal", other.unwrap_or_default())).into_response()
                })
                .get(
                    |State((seen, other)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                        record(&seen, "/redirect".into(), &h, &b).await;
                        Redirect::temporary(&format!("{}/steal", other.unwrap_or_default())).into_response()
                    },
                ),
            )
            .route("/bounce", post(bounce).get(bounce))
            .route(
                "/hop",
                get(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap| async move {
                    // A GET asked at `127.0.0.1` is sent to the same path at `localhost` (another allowed origin),
                    // which answers 404: a 4xx after a followed redirect (F391 for a GET, ADR-1030).
                    record(&seen, "/hop".into(), &h, &Bytes::new()).await;
                    let host = h.get("host").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
                    match host.strip_prefix("127.0.0.1:") {
                        Some(port) => Redirect::temporary(&format!("http://localhost:{port}/hop")).into_response(),
                        None => (StatusCode::NOT_FOUND, "gone").into_response(),
                    }
                }),
            )
            .route(
                "/seeother",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/seeother".into(), &h, &b).await;
                    // The POST was taken; the page it points to is gone (a GET of it answers 404).
                    Redirect::to("/gone").into_response()
                }),
            )
            .route(
                "/moved",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/moved".into(), &h, &b).await;
                    // Attack 28's 27b: after an approval of `POST …/moved`, a 307 to a path nobody approved.
                    Redirect::temporary("/admin/delete-all").into_response()
                })
                .get(
                    |State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                        record(&seen, "/moved".into(), &h, &b).await;
                        // Attack 28's 27b: after an approval of `POST …/moved`, a 307 to a path nobody approved.
                        Redirect::temporary("/admin/delete-all").into_response()
                    },
                ),
            )
            .route(
                "/admin/delete-all",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/admin/delete-all".into(), &h, &b).await;
                    "deleted everything"
                })
                .get(
                    |State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                        record(&seen, "/admin/delete-all".into(), &h, &b).await;
                        "deleted everything"
                    },
                ),
            )
            .route(
                "/loop",
                any(
                    |State((seen, _)): State<(Seen, Option<String>)>,
                     method: axum::http::Method,
                     uri: axum::http::Uri,
                     Query(q): Query<std::collections::HashMap<String, String>>,
                     h: HeaderMap,
                     b: Bytes| async move {
                        // Attack 30's O1: a target that answers every request with a redirect to the very URL asked
                        // (path and query), with the status the query names.
                        record(&seen, format!("/loop {method}"), &h, &b).await;
                        let code = q.get("code").and_then(|c| c.parse().ok()).unwrap_or(307);
                        let mut to = uri.path_and_query().map(|pq| pq.as_str().to_string()).unwrap_or_default();
                        // `hop`: asked at `127.0.0.1`, the same path and query at `localhost` (another allowed origin).
                        let host = h.get("host").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
                        if let (Some("1"), Some(port)) =
                            (q.get("hop").map(String::as_str), host.strip_prefix("127.0.0.1:"))
                        {
                            to = format!("http://localhost:{port}{to}");
                        }
                        (StatusCode::from_u16(code).unwrap(), [(axum::http::header::LOCATION, to)]).into_response()
                    },
                ),
            )
            .route(
                "/steal",
                post(|State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                    record(&seen, "/steal".into(), &h, &b).await;
                    "stolen"
                })
                .get(
                    |State((seen, _)): State<(Seen, Option<String>)>, h: HeaderMap, b: Bytes| async move {
                        record(&seen, "/steal".into(), &h, &b).await;
                        "stolen"
                    },
                ),
            )
            .with_state(state);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, seen)
}

/// A body that sends one byte every 400 ms, forever (the deadline must end it).
fn ticks() -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> + Send + 'static {
    futures_util::stream::unfold((), |()| async {
        tokio::time::sleep(Duration::from_millis(400)).await;
        Some((Ok(Bytes::from_static(b".")), ()))
    })
}

fn policy(base: &str, other: &str, dir: &str) -> Arc<Policy> {
    let http = |path: &str, timeout: &str| {
        format!(
            r#"
      http:
        method: POST
        url: "{base}{path}"
        headers: {{ authorization: "Bearer {{{{ secret.shop_token }}}}" }}
        body: '{{"amount_eur": {{{{ params.amount_eur }}}}, "order": {{{{ params.order_id }}}}}}'
        timeout: {timeout}"#
        )
    };
    let params = r#"
    params:
      order_id: { type: string, max_len: 300 }
      amount_eur: { type: number, min: 0, max: 50 }"#;
    // Attack 30's O1: one action per method against `/loop`, which redirects every request to its own URL.
    let loops: String = ["POST", "PUT", "PATCH", "DELETE", "GET"]
        .iter()
        .map(|m| {
            let by_name = base.replace("127.0.0.1", "localhost");
            [
                format!("  shop.loop_{}:", m.to_lowercase()),
                "    tier: 2".into(),
                "    limits: [{ count: 1000, per: 1h }]".into(),
                "    params: { code: { type: string, max_len: 3 }, hop: { type: string, max_len: 1 } }".into(),
                "    execute:".into(),
                "      http:".into(),
                format!("        method: {m}"),
                format!("        url: \"{base}/loop?code={{{{ params.code }}}}&hop={{{{ params.hop }}}}\""),
                format!("        allow_origins: [\"{base}\", \"{by_name}\"]"),
                "        timeout: 2s\n".into(),
            ]
            .join("\n")
        })
        .collect();
    let yaml = format!(
        r#"version: 1
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]{params}
    execute:
      http:
        method: POST
        url: "{base}/refunds/{{{{ params.order_id }}}}"
        headers: {{ authorization: "Bearer {{{{ secret.shop_token }}}}" }}
        body: '{{"amount_eur": {{{{ params.amount_eur }}}}, "order": {{{{ params.order_id }}}}}}'
        success: {{ json_pointer: {{ pointer: /ok, equals: true }} }}
        timeout: 2s
        reveal: [/ok, /order, /echo_auth]
  shop.big_refund:
    tier: 3{params}
    execute:
      http:
        method: POST
        url: "{base}/refunds/{{{{ params.order_id }}}}"
        headers: {{ authorization: "Bearer {{{{ secret.shop_token }}}}" }}
        body: '{{"amount_eur": {{{{ params.amount_eur }}}}}}'
  shop.fail500:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]{params}
    execute:{fail500}
  shop.fail400:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]{params}
    execute:{fail400}
  shop.slow:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]{params}
    execute:{slow}
  shop.slowbody:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]{params}
    execute:{slowbody}
  shop.seeother:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]{params}
    execute:{seeother}
  shop.moved:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]{params}
    execute:{moved}
  shop.huge:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]{params}
    execute:{huge}
  shop.redirect:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]{params}
    execute:{redirect}
  shop.bounce:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ to: {{ type: string, max_len: 300 }} }}
    execute:
      http:
        method: POST
        url: "{base}/bounce?to={{{{ params.to }}}}"
        timeout: 2s
{loops}  shop.redirect_get:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      http: {{ method: GET, url: "{base}/redirect", timeout: 2s }}
  shop.moved_get:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    execute:
      http:
        method: GET
        url: "{base}/moved"
        headers: {{ authorization: "Bearer {{{{ secret.shop_token }}}}" }}
        timeout: 2s
  shop.hop_get:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    execute:
      http: {{ method: GET, url: "{base}/hop", allow_origins: ["{base}", "{base_by_name}"], timeout: 2s }}
  shop.bounce_get:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ to: {{ type: string, max_len: 300 }} }}
    execute:
      http:
        method: GET
        url: "{base}/bounce?to={{{{ params.to }}}}"
        timeout: 2s
  shop.bounce_spelled_get:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      http:
        method: GET
        url: "{base}/redirect"
        allow_origins: ["{base}", "{other_spelled}"]
        timeout: 2s
  hook.redirect_get:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ hook: {{ type: url, schemes: [http], hosts: [shop.invalid], cidrs: [127.0.0.1/32] }} }}
    execute:
      http:
        method: GET
        url: "{base}/redirect"
        allow_origins: ["{base}", "{other}"]
        timeout: 2s
  shop.bounce_spelled:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      http:
        method: POST
        url: "{base}/redirect"
        allow_origins: ["{base}", "{other_spelled}"]
        timeout: 2s
  hook.redirect:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ hook: {{ type: url, schemes: [http], hosts: [shop.invalid], cidrs: [127.0.0.1/32] }} }}
    execute:
      http:
        method: POST
        url: "{base}/redirect"
        allow_origins: ["{base}", "{other}"]
        timeout: 2s
  hook.opaque:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ hook: {{ type: url, schemes: [http], cidrs: [127.0.0.1/32], opaque_hosts: [localhost] }} }}
    execute:
      http:
        method: POST
        url: "{other}/refunds/{{{{ params.hook }}}}"
        timeout: 2s
  hook.refused:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ hook: {{ type: url, schemes: [http], cidrs: [192.0.2.0/24] }} }}
    execute:
      http:
        method: POST
        url: "{base}/refunds/{{{{ params.hook }}}}"
        timeout: 2s
  climate.set:
    tier: 1
    params: {{ celsius: {{ type: number, min: 17, max: 23 }} }}
    compensate: {{ action: climate.restore, window: 15m }}
    execute:
      http:
        method: POST
        url: "{base}/temperature"
        body: '{{"celsius": {{{{ params.celsius }}}}}}'
        before: {{ url: "{base}/state" }}
  climate.restore:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      http:
        method: POST
        url: "{base}/temperature"
        body: '{{"celsius": {{{{ original.detail.before.body.celsius }}}}}}'
  files.write:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ name: {{ type: string, max_len: 200 }}, text: {{ type: string, max_len: 2000 }} }}
    execute:
      command:
        argv: ["/bin/sh", "-c", 'printf %s "$TEXT" > "$0"; echo wrote; echo "token=$TOKEN" >&2', "{{{{ params.name }}}}"]
        env: {{ TEXT: "{{{{ params.text }}}}", TOKEN: "{{{{ secret.shop_token }}}}" }}
        cwd: "{dir}"
        timeout: 2s
  files.sleep:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      command:
        argv: ["sleep", "30"]
        timeout: 300ms
  files.fail:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      command:
        argv: ["false"]
  files.flood:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      command:
        argv: ["/bin/sh", "-c", "yes 0123456789 | head -c 22000000; yes err | head -c 3000000 >&2"]
        timeout: 20s
  files.missing:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      command:
        argv: ["/nonexistent/program"]
  shop.no_connector:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
"#,
        fail500 = http("/fail500", "2s"),
        fail400 = http("/fail400", "2s"),
        slow = http("/slow", "300ms"),
        slowbody = http("/slowbody", "700ms"),
        huge = http("/huge", "5s"),
        seeother = http("/seeother", "2s"),
        moved = http("/moved", "2s"),
        redirect = http("/redirect", "2s"),
        // The other origin as a person may write it: upper case, the host's trailing dot, the port.
        other_spelled = other.replace("http://localhost:", "HTTP://LOCALHOST.:"),
        base_by_name = base.replace("127.0.0.1", "localhost"),
    );
    let p = Policy::from_yaml("execute.yaml", &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    foureyes_connect::check_policy(&p).unwrap();
    Arc::new(p)
}

fn request(id: &str, action: &str, params: Value) -> ActionRequest {
    crate::action_request(id, AGENT, action, params)
}

struct World {
    door: Door,
    store: Arc<dyn Store>,
    policy: Arc<Policy>,
    seen: Seen,
    evil: Seen,
    base: String,
    evil_base: String,
    dir: tempfile::TempDir,
    /// The test database's URL, on PostgreSQL.
    pg_url: Option<String>,
    _pg: Option<support::Databases>,
}

#[derive(Clone, Copy)]
enum Backend {
    Sqlite,
    Postgres,
}

/// The store, the secrets table and (on PostgreSQL) the databases to drop.
type Tables = (Arc<dyn Store>, Arc<dyn SecretTable>, Option<(String, support::Databases)>);

async fn world(backend: Backend) -> World {
    let (evil_base, evil) = shop(None).await;
    // The same machine under another origin (`localhost` vs `127.0.0.1`): the URL rules forbid it.
    let evil_origin = evil_base.replace("127.0.0.1", "localhost");
    let (base, seen) = shop(Some(evil_origin.clone())).await;
    let dir = tempfile::tempdir().unwrap();
    let policy = policy(&base, &evil_origin, dir.path().to_str().unwrap());
    let (store, table, pg): Tables = match backend {
        Backend::Sqlite => {
            let path = dir.path().join("foureyes.db");
            let store = Arc::new(SqliteStore::open(&path, SqliteOptions::default()).unwrap());
            (store, Arc::new(SqliteSecrets::open(&path).unwrap()), None)
        }
        Backend::Postgres => {
            let dbs = support::Databases::new();
            let (url, store) = dbs.store().await;
            let table = foureyes_connect::secrets::open_table(&url).await.unwrap();
            (store, table, Some((url, dbs)))
        }
    };
    let (pg_url, pg) = match pg {
        Some((url, dbs)) => (Some(url), Some(dbs)),
        None => (None, None),
    };
    let secrets = Secrets::new(SecretKey::from_hex(&"5a".repeat(32)).unwrap(), table);
    secrets.set("shop_token", TOKEN, T0).await.unwrap();
    secrets.set("other_token", "tok-other-9876543210-secret", T0).await.unwrap();
    store.record_policy(&policy, T0).await.unwrap();
    let clock_ms = Arc::new(std::sync::atomic::AtomicI64::new(T0));
    let clock = {
        let c = clock_ms.clone();
        Arc::new(move || c.fetch_add(1, Ordering::SeqCst)) as foureyes_connect::door::Clock
    };
    let door = Door { store: store.clone(), secrets: Some(secrets), clock };
    World { door, store, policy, seen, evil, base, evil_base: evil_origin, dir, pg_url, _pg: pg }
}

impl World {
    async fn exec(&self, r: ActionRequest) -> foureyes_connect::Executed {
        self.door.execute(self.policy.clone(), r).await.unwrap()
    }
}

fn refund(id: &str, action: &str, order: &str) -> ActionRequest {
    request(id, action, json!({"order_id": order, "amount_eur": 20}))
}

// ---------------------------------------------------------------------------------------------------------------
// The checks, each run on both backends

async fn a_permit_runs_its_connector_once_and_reports(w: World) {
    let first = w.exec(refund("r-1", "shop.refund", "ord_1")).await;
    assert_eq!((first.decision.verdict, first.ran, first.outcome), (Verdict::Permit, true, Some(Outcome::Executed)));
    assert_eq!(first.decision.status, DecisionStatus::Executed);
    assert_eq!(w.seen.count("/refunds/ord_1"), 1);
    let (_, auth, body) = &w.seen.all()[0];
    assert_eq!(auth, &format!("Bearer {TOKEN}"), "the credential reached the shop");
    assert_eq!(serde_json::from_str::<Value>(body).unwrap(), json!({"amount_eur": 20, "order": "ord_1"}));
    // The shop echoed the token: the report keeps the fields the policy reveals, with the secret redacted, and
    // nothing else of the answer (ADR-481).
    let detail = first.decision.report_detail.clone().unwrap();
    assert_eq!(detail["body"], json!({"ok": true, "order": "ord_1", "echo_auth": "Bearer [secret shop_token]"}));
    assert_eq!(detail["withheld"]["fields"], json!(["body"]), "{detail}");
    assert!(!first.to_json().to_string().contains(TOKEN));
    // A retry of the same request id (and a burst of racing ones) runs nothing again.
    let mut racing = Vec::new();
    for _ in 0..8 {
        let door = w.door.clone();
        let p = w.policy.clone();
        racing.push(tokio::spawn(async move { door.execute(p, refund("r-1", "shop.refund", "ord_1")).await.unwrap() }));
    }
    for r in racing {
        let again = r.await.unwrap();
        assert_eq!((again.replayed, again.ran, again.decision.decision_id), (true, false, first.decision.decision_id));
    }
    assert_eq!(w.seen.count("/refunds/"), 1, "a permitted action runs once");
    // Fresh request ids racing: each runs exactly once.
    let mut racing = Vec::new();
    for i in 0..6 {
        let door = w.door.clone();
        let p = w.policy.clone();
        racing.push(tokio::spawn(async move {
            door.execute(p, refund(&format!("race-{i}"), "shop.refund", &format!("ord_r{i}"))).await.unwrap()
        }));
    }
    for r in racing {
        assert!(r.await.unwrap().ran);
    }
    for i in 0..6 {
        assert_eq!(w.seen.count(&format!("/refunds/ord_r{i}")), 1);
    }
    let journal = serde_json::to_string(&w.store.journal(0, 10_000).await.unwrap()).unwrap();
    assert!(!journal.contains(TOKEN), "no secret in the journal");
    assert!(w.store.audit().await.unwrap().mismatches.is_empty());
}

async fn a_denied_or_deferred_action_never_reaches_its_connector(w: World) {
    // Out of bounds: denied, nothing sent.
    let denied = w.exec(request("d-1", "shop.refund", json!({"order_id": "ord_9", "amount_eur": 5000}))).await;
    assert_eq!((denied.decision.verdict, denied.ran), (Verdict::Deny, false));
    // Tier 3: deferred, nothing sent, the approval id returned.
    let r = refund("big-1", "shop.big_refund", "ord_big");
    let deferred = w.exec(r.clone()).await;
    assert_eq!((deferred.decision.verdict, deferred.ran), (Verdict::Defer, false));
    let approval = deferred.decision.approval_id.expect("an approval id");
    assert!(deferred.to_json()["approval_id"].is_number());
    // Re-sent while pending: still nothing.
    assert!(!w.exec(r.clone()).await.ran);
    // A dry run: nothing.
    let mut dry = refund("dry-1", "shop.refund", "ord_dry");
    dry.dry_run = true;
    assert!(!w.exec(dry).await.ran);
    assert_eq!(w.seen.all().len(), 0, "a denied, deferred or rehearsed action never reaches its connector");
    // A person approves; the same request id now runs it, exactly once.
    w.store.approve(approval, "alice", Some(&deferred.decision.digest), T0 + 10).await.unwrap();
    let released = w.exec(r.clone()).await;
    assert_eq!(
        (released.decision.verdict, released.ran, released.outcome),
        (Verdict::Permit, true, Some(Outcome::Executed))
    );
    assert!(!w.exec(r.clone()).await.ran, "a released permit runs once");
    assert_eq!(w.seen.count("/refunds/ord_big"), 1);
    // Without a connector: refused and journaled, nothing decided.
    let e = w.door.execute(w.policy.clone(), refund("n-1", "shop.no_connector", "x")).await.unwrap_err();
    assert!(e.is_audited(), "{e}");
}

async fn failures_are_honest_about_what_may_have_happened(w: World) {
    let x = w.exec(refund("f-500", "shop.fail500", "o")).await;
    assert_eq!((x.ran, x.outcome, x.decision.status), (true, Some(Outcome::Unknown), DecisionStatus::Unknown));
    assert_eq!(x.decision.report_detail.as_ref().unwrap()["status"], json!(500));
    let x = w.exec(refund("f-400", "shop.fail400", "o")).await;
    assert_eq!((x.outcome, x.decision.status), (Some(Outcome::Failed), DecisionStatus::Failed));
    let started = std::time::Instant::now();
    let x = w.exec(refund("f-slow", "shop.slow", "o")).await;
    assert_eq!(x.outcome, Some(Outcome::Unknown), "{:?}", x.decision.report_detail);
    assert!(started.elapsed() < Duration::from_secs(3), "the deadline ended the wait: {:?}", started.elapsed());
    let started = std::time::Instant::now();
    let x = w.exec(refund("f-slowbody", "shop.slowbody", "o")).await;
    assert_eq!(x.outcome, Some(Outcome::Unknown), "{:?}", x.decision.report_detail);
    assert!(started.elapsed() < Duration::from_secs(3), "a trickling body is cut at the deadline");
    let x = w.exec(refund("f-huge", "shop.huge", "o")).await;
    assert_eq!(x.outcome, Some(Outcome::Executed));
    let detail = x.decision.report_detail.clone().unwrap();
    assert_eq!(detail["truncated"], json!(true));
    assert!(detail.to_string().len() < 32 * 1024, "the kept response is capped");
    // A redirect to an origin the URL rules forbid is refused (a GET; a POST follows no redirect, ADR-1030): the
    // other host is never contacted.
    let x = w.exec(request("f-redirect-get", "shop.redirect_get", json!({}))).await;
    assert_eq!(x.outcome, Some(Outcome::Unknown), "{:?}", x.decision.report_detail);
    assert!(x.decision.report_detail.as_ref().unwrap()["error"].as_str().unwrap().contains("not an allowed origin"));
    let x = w.exec(refund("f-redirect", "shop.redirect", "o")).await;
    assert_eq!(x.outcome, Some(Outcome::Unknown), "{:?}", x.decision.report_detail);
    assert_eq!(w.seen.count("/steal") + w.evil.count("/steal"), 0, "the forbidden origin was never reached");
    assert!(w.store.audit().await.unwrap().mismatches.is_empty());
}

async fn template_injection_in_params_changes_nothing(w: World) {
    // A value with a `/` is refused before sending: a server in front of the target decoding the path once would
    // read `..%2Fadmin` as `../admin` (ADR-388, attack 31 H2).
    let x = w.exec(refund("inj-0", "shop.refund", "../admin?x=1#{{ secret.shop_token }}")).await;
    assert_eq!(x.outcome, Some(Outcome::Failed), "{:?}", x.decision.report_detail);
    assert!(w.seen.all().is_empty(), "nothing was sent");
    let nasty = "..admin?x=1#{{ secret.shop_token }}";
    let x = w.exec(refund("inj-1", "shop.refund", nasty)).await;
    assert!(x.ran);
    let (path, _, body) = w.seen.all().pop().unwrap();
    // One path segment, percent-encoded by us and decoded by the router: the same text, never a new path.
    assert_eq!(path, format!("/refunds/{nasty}"));
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["order"], json!(nasty));
    assert!(!body.contains(TOKEN));
    // In a command: one argument stays one argument and no shell sees it.
    let name = "a b; touch pwned $(id) `id`";
    let x = w
        .exec(request("cmd-1", "files.write", json!({"name": name, "text": "$(whoami) {{ secret.shop_token }}"})))
        .await;
    assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
    let written = std::fs::read_to_string(w.dir.path().join(name)).unwrap();
    assert_eq!(written, "$(whoami) {{ secret.shop_token }}");
    assert!(!w.dir.path().join("pwned").exists());
    let detail = x.decision.report_detail.unwrap();
    // A secret was in its environment: the output tails are not kept (ADR-481), the exit status is.
    assert_eq!(detail["withheld"]["fields"], json!(["stdout_tail", "stderr_tail"]), "{detail}");
    assert!(detail.get("stdout_tail").is_none() && detail.get("stderr_tail").is_none(), "{detail}");
    assert_eq!(detail["exit"], json!(0));
    // A newline in a header-bound value is refused before anything is sent.
    let x = w.exec(request("cmd-2", "files.write", json!({"name": "n\u{0}x", "text": "t"}))).await;
    assert_eq!(x.outcome, Some(Outcome::Failed));
}

async fn commands_have_deadlines_and_exit_statuses(w: World) {
    let started = std::time::Instant::now();
    let x = w.exec(request("c-sleep", "files.sleep", json!({}))).await;
    assert_eq!(x.outcome, Some(Outcome::Unknown));
    assert!(started.elapsed() < Duration::from_secs(5));
    let x = w.exec(request("c-false", "files.fail", json!({}))).await;
    assert_eq!((x.outcome, x.decision.report_detail.unwrap()["exit"].clone()), (Some(Outcome::Failed), json!(1)));
    // A flood of output: read to its end (the process is never blocked on a full pipe), only the tails kept.
    let x = w.exec(request("c-flood", "files.flood", json!({}))).await;
    assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
    let detail = x.decision.report_detail.unwrap();
    assert_eq!(detail["truncated"], json!(true));
    let (out, err) = (detail["stdout_tail"].as_str().unwrap(), detail["stderr_tail"].as_str().unwrap());
    assert!(out.len() <= 4096 && out.ends_with("0123456789\n"), "{}", out.len());
    assert!(err.len() <= 4096 && err.ends_with("err\n"), "{}", err.len());
    let x = w.exec(request("c-missing", "files.missing", json!({}))).await;
    assert_eq!(x.outcome, Some(Outcome::Failed), "nothing started: certainly not done");
}

async fn undo_runs_the_compensating_connector_with_the_state_before(w: World) {
    let set = w.exec(request("t-1", "climate.set", json!({"celsius": 22}))).await;
    assert_eq!(set.outcome, Some(Outcome::Executed));
    assert_eq!(set.decision.report_detail.as_ref().unwrap()["before"]["body"], json!({"celsius": 19}));
    let mut undo = request("t-1-undo", "climate.restore", json!({}));
    undo.undo_of = Some(set.decision.decision_id);
    let restored = w.exec(undo).await;
    assert_eq!(restored.outcome, Some(Outcome::Executed), "{:?}", restored.decision.reasons);
    let bodies: Vec<String> =
        w.seen.all().into_iter().filter(|(p, _, _)| p == "/temperature").map(|(_, _, b)| b).collect();
    assert_eq!(bodies, vec![r#"{"celsius": 22}"#.to_string(), r#"{"celsius": 19}"#.to_string()]);
}

async fn a_crash_between_permit_and_report_is_listed_and_never_rerun(w: World) {
    // The permit is taken as a crashed executor would have left it: decided, never reported.
    let r = refund("crash-1", "shop.refund", "ord_c");
    let permit = w.store.decide_or_replay(w.policy.clone(), r.clone(), T0).await.unwrap();
    assert!(!permit.replayed);
    // A second one whose connector was started (its start journaled, as the door does before sending) and never
    // reported.
    let started =
        w.store.decide_or_replay(w.policy.clone(), refund("crash-2", "shop.refund", "ord_d"), T0).await.unwrap();
    w.store.connector_started(started.decision.decision_id, "http", "foureyes-connect", T0 + 5).await.unwrap();
    // A run that reported is not listed, and had its start journaled before it was sent.
    let done = w.exec(refund("done-1", "shop.refund", "ord_e")).await;
    assert_eq!(done.outcome, Some(Outcome::Executed));
    let starts = w.store.connector_starts().await.unwrap();
    assert!(starts.contains_key(&done.decision.decision_id), "the start is journaled: {starts:?}");
    let listed = unconfirmed(&*w.store, &w.policy).await.unwrap();
    let listed: Vec<_> = listed.iter().map(|u| (u.decision.decision_id, u.started_at_ms)).collect();
    assert_eq!(
        listed,
        vec![(permit.decision.decision_id, None), (started.decision.decision_id, Some(T0 + 5))],
        "never started vs started and never reported"
    );
    let again = w.exec(r).await;
    assert_eq!((again.replayed, again.ran, again.decision.status), (true, false, DecisionStatus::Intended));
    let again = w.exec(refund("crash-2", "shop.refund", "ord_d")).await;
    assert_eq!((again.replayed, again.ran, again.decision.status), (true, false, DecisionStatus::Intended));
    assert_eq!(w.seen.count("/refunds/ord_c") + w.seen.count("/refunds/ord_d"), 0, "never re-run by itself");
}

/// A redirect to an allowed origin that leads to another path than the rendered URL's (ADR-967): judged by the
/// origin rules (no error), not followed; the 3xx is the answer, reported `unknown` with a note, its target withheld.
fn held_redirect(x: &Executed) {
    let detail = x.decision.report_detail.clone().unwrap_or_default();
    assert_eq!(x.outcome, Some(Outcome::Unknown), "{detail}");
    assert_eq!(detail["status"], json!(307), "{detail}");
    assert!(detail["redirect"].as_str().is_some_and(|r| r.starts_with("not followed")), "{detail}");
    assert!(detail.get("error").is_none(), "{detail}");
}

async fn urls_are_judged_by_the_policys_canonicaliser(w: World) {
    let evil_port = w.evil_base.rsplit(':').next().unwrap().to_string();
    let port = w.base.rsplit(':').next().unwrap().to_string();
    // Redirects to what the allowed origin is not, however spelled: refused before any connection. (Every host
    // here is on loopback: with the check mutated away, `cargo xtask teeth` follows them and must reach no other
    // machine, nor ask a resolver.)
    for to in [
        format!("HTTP://LocalHost:{evil_port}/steal"),
        format!("http://2130706433:{evil_port}/steal"),
        format!("http://0x7f.0.0.1:{evil_port}/steal"),
        format!("http://localhost:{port}/steal"),
        format!("http://shop@127.0.0.1:{port}/steal"),
        format!("http://127.0.0.1:{port}@localhost:{evil_port}/steal"),
        // Full-width letters: IDNA maps them to `localhost`.
        format!("http://\u{ff4c}\u{ff4f}\u{ff43}\u{ff41}\u{ff4c}\u{ff48}\u{ff4f}\u{ff53}\u{ff54}:{evil_port}/steal"),
    ]
    .into_iter()
    .enumerate()
    {
        let (i, to) = to;
        let x = w.exec(request(&format!("b-{i}"), "shop.bounce_get", json!({"to": to}))).await;
        assert_eq!(x.outcome, Some(Outcome::Unknown), "{to}: {:?}", x.decision.report_detail);
        let error = x.decision.report_detail.as_ref().unwrap()["error"].as_str().unwrap().to_string();
        assert!(error.contains("redirect refused") && error.contains("not an allowed origin"), "{to}: {error}");
    }
    assert_eq!(w.seen.count("/steal") + w.evil.count("/steal"), 0, "no forbidden host was reached");
    // The allowed origin in another spelling (hex IP, upper case) is the same origin: not refused as another
    // origin. (Not followed either: it leads to another path than the rendered URL's, ADR-967; the 307 is the
    // answer.)
    let x = w.exec(request("b-hex", "shop.bounce_get", json!({"to": format!("HTTP://0x7f.1:{port}/steal")}))).await;
    held_redirect(&x);
    // `HTTP://LOCALHOST.:port` in allow_origins is `http://localhost:port` (red before: compared as written).
    let x = w.exec(request("b-spelled", "shop.bounce_spelled_get", json!({}))).await;
    held_redirect(&x);
    // A POST follows no redirect at all (ADR-1030): the same redirects are its answer.
    let x = w.exec(request("b-hex-post", "shop.bounce", json!({"to": format!("HTTP://0x7f.1:{port}/steal")}))).await;
    held_redirect(&x);
    let x = w.exec(request("b-spelled-post", "shop.bounce_spelled", json!({}))).await;
    held_redirect(&x);
    assert_eq!(w.seen.count("/steal") + w.evil.count("/steal"), 0);
    // An allowed origin is not enough when the action has `type: url` params: a redirect must also pass their
    // rules (red before: followed to `localhost`, a host the param's rule refuses).
    let hook = json!({"hook": format!("http://127.0.0.1:{port}/")});
    let x = w.exec(request("h-redirect", "hook.redirect_get", hook.clone())).await;
    assert_eq!(x.decision.verdict, Verdict::Permit);
    assert_eq!(x.outcome, Some(Outcome::Unknown), "{:?}", x.decision.report_detail);
    let error = x.decision.report_detail.as_ref().unwrap()["error"].as_str().unwrap().to_string();
    assert!(error.contains("refused by the rule of param `hook`"), "{error}");
    let x = w.exec(request("h-redirect-post", "hook.redirect", hook.clone())).await;
    held_redirect(&x);
    assert_eq!(w.evil.count("/steal"), 0, "the redirect's host was not contacted");
    // A rendered URL the params' rules call opaque or refuse: failed, nothing sent (red before: sent).
    // (`hook` names a documentation address, TEST-NET-1: a value judged, never contacted.)
    for (action, hook) in [("hook.opaque", hook.clone()), ("hook.refused", json!({"hook": "http://192.0.2.7/"}))] {
        let x = w.exec(request(&format!("h-{action}"), action, hook)).await;
        assert_eq!((x.decision.verdict, x.ran), (Verdict::Permit, true), "{action}: {:?}", x.decision.reasons);
        assert_eq!(x.outcome, Some(Outcome::Failed), "{action}: {:?}", x.decision.report_detail);
        let error = x.decision.report_detail.as_ref().unwrap()["error"].as_str().unwrap().to_string();
        assert!(error.contains("param `hook`"), "{action}: {error}");
    }
    assert_eq!(w.seen.count("/refunds/") + w.evil.count("/refunds/"), 0, "nothing was sent");
}

/// The start mark is the journal's (ADR-321): a decision's connector starts at most once, only for a permit still
/// `intended`, and the mark replays and audits like every other event.
async fn a_start_is_journaled_once_and_only_for_an_intended_permit(w: World) {
    let permit = w.store.decide_or_replay(w.policy.clone(), refund("s-1", "shop.refund", "ord_s"), T0).await.unwrap();
    let id = permit.decision.decision_id;
    w.store.connector_started(id, "http", "foureyes-connect", T0 + 1).await.unwrap();
    // A second start of the same decision (a racing door, a replica, a restart) is refused by the store.
    let again = w.store.connector_started(id, "http", "foureyes-connect", T0 + 2).await.unwrap_err();
    assert!(again.to_string().contains("already started"), "{again}");
    // A denied decision, a deferral and a reported permit never start.
    let denied = w
        .store
        .decide_or_replay(
            w.policy.clone(),
            request("s-2", "shop.refund", json!({"order_id": "o", "amount_eur": 999})),
            T0,
        )
        .await
        .unwrap();
    let deferred =
        w.store.decide_or_replay(w.policy.clone(), refund("s-3", "shop.big_refund", "ord_b"), T0).await.unwrap();
    let done = w.exec(refund("s-4", "shop.refund", "ord_done")).await;
    for d in [denied.decision.decision_id, deferred.decision.decision_id, done.decision.decision_id] {
        let e = w.store.connector_started(d, "http", "foureyes-connect", T0 + 3).await.unwrap_err();
        assert!(matches!(e, foureyes_store::StoreError::InvalidState(_)), "{d}: {e}");
    }
    let e = w.store.connector_started(99_999, "http", "foureyes-connect", T0 + 3).await.unwrap_err();
    assert!(matches!(e, foureyes_store::StoreError::NotFound(_)), "{e}");
    let starts = w.store.connector_starts().await.unwrap();
    assert_eq!(starts.get(&id), Some(&(T0 + 1)));
    assert_eq!(starts.len(), 2, "one start each for s-1 and s-4: {starts:?}");
    assert_eq!(w.seen.count("/refunds/ord_s"), 0);
    assert!(w.store.verify_journal().await.unwrap().is_ok(), "the chain holds");
    assert!(w.store.audit().await.unwrap().mismatches.is_empty());
}

/// Attack 28's #1 and #3 (F390): a run FourEyes makes is reported by that run, so a reporting deadline
/// (`report_within`) must not release what it holds. On the code before the fix, a connector slower than
/// `report_within`, or a run a crash left unconfirmed, had its reservation released (`reservation_expired`) by the next
/// decision on its key after the deadline: a second run was permitted against `count: 1` (the slow one went on and
/// acted). Now a decision FourEyes runs keeps its reservation until its run reports (or an admin settles it), whether
/// its run started or not.
async fn a_run_past_its_reporting_deadline_keeps_its_reservation(w: World) {
    let yaml = format!(
        "version: 1\ndefaults: {{ report_within: 1s }}\nactions:\n  shop.once:\n    tier: 2\n    limits: [{{ count: 1, per: 1h }}]\n    \
         execute:\n      http: {{ method: POST, url: \"{base}/slow\", timeout: 3s }}\n  shop.agent_run:\n    tier: 2\n    \
         limits: [{{ count: 1, per: 1h }}]\n",
        base = w.base
    );
    let policy = Arc::new(Policy::from_yaml("deadline.yaml", &yaml).unwrap());
    w.store.record_policy(&policy, T0).await.unwrap();
    let decide = |id: &str, action: &str, at: i64| {
        let (store, policy) = (w.store.clone(), policy.clone());
        let r = request(id, action, json!({}));
        async move { store.decide_or_replay(policy, r, at).await.unwrap().decision }
    };
    // Started and never reported (a slow target, or a crash after the start).
    let started = decide("once-1", "shop.once", T0).await;
    assert_eq!(started.verdict, Verdict::Permit);
    w.store.connector_started(started.decision_id, "http", "foureyes-connect", T0 + 1).await.unwrap();
    let second = decide("once-2", "shop.once", T0 + 10_000).await;
    // Over the limit: a person decides (a deferral), never a permit.
    assert_eq!(second.verdict, Verdict::Defer, "a second run against count 1 while the first may act: {second:?}");
    // Never started (a crash before the start): kept too, until an admin settles it.
    let unstarted = decide("once-3", "shop.once", T0 + 3_700_000).await;
    assert_eq!(unstarted.verdict, Verdict::Permit, "{unstarted:?}");
    let after = decide("once-4", "shop.once", T0 + 3_710_000).await;
    assert_eq!(after.verdict, Verdict::Defer, "{after:?}");
    // An action the agent runs still has its deadline: its unreported permit is released at the next decision.
    let agent_run = decide("agent-1", "shop.agent_run", T0).await;
    assert_eq!(agent_run.verdict, Verdict::Permit);
    let next = decide("agent-2", "shop.agent_run", T0 + 10_000).await;
    assert_eq!(next.verdict, Verdict::Permit, "the agent's unreported permit expired: {next:?}");
    let listed: Vec<_> =
        unconfirmed(&*w.store, &policy).await.unwrap().iter().map(|u| u.decision.decision_id).collect();
    assert!(listed.contains(&started.decision_id) && listed.contains(&unstarted.decision_id), "{listed:?}");
    assert!(w.store.audit().await.unwrap().mismatches.is_empty());
}

/// Attack 28's H5 (F391): a POST answered `303 See Other` was taken by the server; a 4xx from the page the redirect
/// leads to says nothing about the POST. On the code before the fix the run was reported `failed` (the effect
/// "certainly did not happen"), its reservation released, and a second run permitted against `count: 1`. Now a 4xx
/// after a redirect is `unknown`: the reservation is kept.
async fn a_client_error_after_a_redirect_is_unknown(w: World) {
    let x = w.exec(refund("see-1", "shop.seeother", "o")).await;
    assert_eq!(w.seen.count("/seeother"), 1);
    let detail = x.decision.report_detail.clone().unwrap_or_default();
    // Since ADR-967 the `303` to another path is not followed (`/gone` is never asked): the 303 is the answer.
    assert_eq!(detail["status"], json!(303), "{detail}");
    assert_eq!(w.seen.count("/gone"), 0);
    assert_eq!(x.outcome, Some(Outcome::Unknown), "a 4xx after a redirect: {detail}");
    assert_eq!(x.decision.status, DecisionStatus::Unknown);
    // A 4xx the first server gave is still a refusal.
    let refused = w.exec(refund("see-2", "shop.fail400", "o")).await;
    assert_eq!(refused.outcome, Some(Outcome::Failed));
    // A GET (the one method a redirect is followed for, ADR-1030) sent on to the same path at another allowed origin,
    // which answers 404: the first server answered too, so `unknown` (count 1: the next one waits for a person).
    let x = w.exec(request("hop-1", "shop.hop_get", json!({}))).await;
    let detail = x.decision.report_detail.clone().unwrap_or_default();
    assert_eq!(w.seen.count("/hop"), 2, "followed once, to the same path: {detail}");
    assert_eq!(detail["status"], json!(404), "{detail}");
    assert_eq!((x.outcome, x.decision.status), (Some(Outcome::Unknown), DecisionStatus::Unknown), "{detail}");
    let next = w.exec(request("hop-2", "shop.hop_get", json!({}))).await;
    assert!(!next.ran, "{:?}", next.decision);
}

/// Attack 28's 27b (F391 "Left open", ADR-967): the decision (and an approval card) showed `POST …/moved`; the
/// target answered `307` → `/admin/delete-all`. On the code before the fix the connector re-sent the POST, its body
/// and its credential header there and reported `executed`. Now a redirect to another path is not followed: the
/// 307 is the answer, `unknown` (the first server took the POST and may have acted), the reservation kept.
async fn a_redirect_to_a_path_the_decision_did_not_show_is_not_followed(w: World) {
    let x = w.exec(refund("moved-1", "shop.moved", "o")).await;
    assert_eq!(w.seen.count("/moved"), 1);
    assert_eq!(w.seen.count("/admin/delete-all"), 0, "the body and credential went to a path nobody approved");
    let detail = x.decision.report_detail.clone().unwrap_or_default();
    assert_eq!((x.outcome, x.decision.status), (Some(Outcome::Unknown), DecisionStatus::Unknown), "{detail}");
    assert_eq!(detail["status"], json!(307), "{detail}");
    assert!(!detail.to_string().contains("delete-all"), "the redirect's target is withheld: {detail}");
    // `unknown` keeps the reservation (`count: 1`): the next one waits for a person.
    let next = w.exec(refund("moved-2", "shop.moved", "p")).await;
    assert!(!next.ran, "{:?}", next.decision);
    assert_eq!(w.seen.count("/moved"), 1);
    // A POST follows no redirect (ADR-1030); a GET, which may follow one to the same resource, follows none to
    // another path either: its credential goes nowhere else.
    let x = w.exec(request("moved-get", "shop.moved_get", json!({}))).await;
    let detail = x.decision.report_detail.clone().unwrap_or_default();
    assert_eq!(w.seen.count("/moved"), 2);
    assert_eq!(w.seen.count("/admin/delete-all"), 0, "the GET and its credential went to a path nobody approved");
    assert_eq!((x.outcome, detail["status"].clone()), (Some(Outcome::Unknown), json!(307)), "{detail}");
    assert!(!detail.to_string().contains("delete-all"), "the redirect's target is withheld: {detail}");
}

/// Attack 30's O1 (ADR-1030): a target answered a POST with a redirect to its own path and query, and the connector
/// sent the POST, its body and its credential again, up to 5 times: one decision, several executions. Now a redirect of
/// any method but GET and HEAD is never followed (a 307/308 would send the write again, a 301/302/303 turn it into a
/// GET the decision did not show): the request is sent once, the 3xx is the answer (`unknown`, the reservation kept).
/// A GET (a `before` read, a GET action) is not sent again to a URL it was already sent to.
async fn a_redirect_of_a_write_to_its_own_path_sends_it_once(w: World) {
    let run = |i: usize, method: &'static str, code: &'static str, hop: &'static str| {
        let action = format!("shop.loop_{}", method.to_lowercase());
        let r = request(&format!("loop-{i}"), &action, json!({"code": code, "hop": hop}));
        w.exec(r)
    };
    // `hop`: the redirect leads to the same path and query at another allowed origin (the same resource, ADR-967).
    let cases = [
        ("POST", "307", "0"),
        ("POST", "308", "0"),
        ("POST", "303", "0"),
        ("POST", "302", "0"),
        ("PUT", "307", "0"),
        ("DELETE", "308", "0"),
        ("PATCH", "301", "0"),
        ("GET", "307", "0"),
        ("POST", "307", "1"),
        ("DELETE", "308", "1"),
        ("POST", "303", "1"),
    ];
    for (i, (method, code, hop)) in cases.into_iter().enumerate() {
        let before = w.seen.count("/loop");
        let x = run(i, method, code, hop).await;
        let detail = x.decision.report_detail.clone().unwrap_or_default();
        assert_eq!(x.decision.verdict, Verdict::Permit, "{method} {code}: {:?}", x.decision.reasons);
        assert_eq!(w.seen.count("/loop") - before, 1, "{method} answered {code} (hop {hop}): sent once: {detail}");
        assert_eq!(w.seen.count(&format!("/loop {method}")), 1, "{method} {code}: no other method sent: {detail}");
        assert_eq!((x.outcome, x.decision.status), (Some(Outcome::Unknown), DecisionStatus::Unknown), "{detail}");
        assert_eq!(detail["status"], json!(code.parse::<u16>().unwrap()), "{method} {code}: the 3xx is the answer");
        assert!(detail["redirect"].as_str().is_some_and(|r| r.starts_with("not followed")), "{detail}");
        assert!(detail.get("error").is_none(), "{method} {code}: {detail}");
        w.seen.0.lock().unwrap().clear();
    }
}

/// ADR-232 kept start marks in a table of their own, which a database writer could empty so that a run that may have
/// acted read "never started". The mark is now a journal event (ADR-321): the rows a writer can delete hold none, and
/// the journal refuses the delete (SQLite's triggers; PostgreSQL's, even for the superuser the test connects as).
async fn a_database_writer_cannot_erase_a_start_mark(w: World) {
    let permit = w.store.decide_or_replay(w.policy.clone(), refund("e-1", "shop.refund", "ord_x"), T0).await.unwrap();
    let id = permit.decision.decision_id;
    w.store.connector_started(id, "http", "foureyes-connect", T0 + 7).await.unwrap();
    const TABLES: [&str; 2] = [
        "SELECT name FROM sqlite_master WHERE type = 'table'",
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public'",
    ];
    const ERASE: &str = "DELETE FROM journal WHERE kind = 'connector_started'";
    let (tables, erased): (Vec<String>, bool) = match &w.pg_url {
        None => {
            let db = rusqlite::Connection::open(w.dir.path().join("foureyes.db")).unwrap();
            let tables =
                db.prepare(TABLES[0]).unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
            (tables, db.execute(ERASE, []).is_ok())
        }
        Some(url) => {
            let db = support::client(url).await;
            let tables = db.query(TABLES[1], &[]).await.unwrap().iter().map(|r| r.get::<_, String>(0)).collect();
            (tables, db.execute(ERASE, &[]).await.is_ok())
        }
    };
    assert!(
        !tables.is_empty() && !tables.iter().any(|t| t.contains("connector_runs")),
        "no table holds a start: {tables:?}"
    );
    assert!(!erased, "the journal refuses the delete");
    let listed = unconfirmed(&*w.store, &w.policy).await.unwrap();
    assert_eq!(
        listed.iter().map(|u| (u.decision.decision_id, u.started_at_ms)).collect::<Vec<_>>(),
        vec![(id, Some(T0 + 7))]
    );
}

/// ADR-440 (F440): who reports a decision is fixed when it is decided, from the journal. A decision made while its
/// action had a connector stays FourEyes' to report after a policy without it is loaded (an admin may settle it,
/// journaled by name); one made under a policy without the connector is the agent's, even if a later policy adds one.
async fn who_reports_a_decision_is_fixed_when_it_is_decided(w: World) {
    let run = w.store.decide_or_replay(w.policy.clone(), refund("w-1", "shop.refund", "ord_w"), T0).await.unwrap();
    let run = run.decision.decision_id;
    assert!(w.store.run_by_connector(run).await.unwrap(), "decided with a connector");
    // The same policy without the connector, loaded after.
    let yaml_without = {
        let mut p = (*w.policy).clone();
        p.actions.get_mut("shop.refund").unwrap().execute = None;
        p
    };
    let without = Arc::new(yaml_without);
    let own = w.store.decide_or_replay(without.clone(), refund("w-2", "shop.refund", "ord_v"), T0 + 1).await.unwrap();
    let own = own.decision.decision_id;
    assert!(w.store.run_by_connector(run).await.unwrap(), "a later policy changes nothing");
    assert!(!w.store.run_by_connector(own).await.unwrap(), "decided without one: the agent's to report");
    let missing = w.store.run_by_connector(99_999).await.unwrap_err();
    assert!(matches!(missing, foureyes_store::StoreError::NotFound(_)), "{missing}");
    // Settled by an admin (a crash left it): journaled by name, on either backend.
    let settled = w.store.report_by(run, Outcome::Unknown, json!({"note": "settled"}), "admin:root", T0 + 2).await;
    assert_eq!(settled.unwrap().status, DecisionStatus::Unknown);
    let events = w.store.journal(0, 100_000).await.unwrap();
    let last = events.last().unwrap();
    assert_eq!((&last.data["decision_id"], &last.data["reported_by"]), (&json!(run), &json!("admin:root")));
    assert!(w.store.audit().await.unwrap().mismatches.is_empty());
}

/// Attack 8 #19 (ADR-570, F570): a person approves a deferred action FourEyes will run; before the release the policy
/// is reloaded so that the action's connector renders another request. The release must run only the connector the
/// approver was shown (its rendering, secrets by name, recorded in the deferral's evidence): a changed one is refused
/// (`connector_changed`, journaled), the decision settled `failed`, nothing sent. A reload that renders the same
/// request (another spelling of one template) still releases. Red before: every changed connector ran.
async fn an_approval_releases_only_the_connector_it_was_shown(w: World) {
    type Change = fn(&mut foureyes_core::connector::HttpSpec, &str);
    let changes: [(&str, Change); 6] = [
        ("another origin", |h, evil| {
            h.url = format!("{evil}/steal");
            h.allow_origins = vec![evil.to_string()];
        }),
        ("another path", |h, _| h.url = h.url.replace("/refunds/", "/steal?order=")),
        ("another body", |h, _| h.body = Some(r#"{"amount_eur": 5000}"#.into())),
        ("another credential", |h, _| {
            h.headers.insert("authorization".into(), "Bearer {{ secret.other_token }}".into());
        }),
        ("another header", |h, _| {
            h.headers.insert("x-forward-to".into(), "{{ params.order_id }}@evil".into());
        }),
        ("another deadline", |h, _| h.timeout = Some("10m".into())),
    ];
    let w = &w;
    let approved = |id: String| async move {
        let deferred = w.exec(refund(&id, "shop.big_refund", &format!("ord_{id}"))).await;
        assert_eq!((deferred.decision.verdict, deferred.ran), (Verdict::Defer, false));
        let approval = deferred.decision.approval_id.unwrap();
        w.store.approve(approval, "alice", Some(&deferred.decision.digest), T0 + 10).await.unwrap();
        approval
    };
    let reloaded = |change: Change| {
        let mut p = (*w.policy).clone();
        let action = p.actions.get_mut("shop.big_refund").unwrap();
        let Some(foureyes_core::connector::ConnectorSpec::Http(h)) = action.execute.as_mut() else { panic!() };
        change(h, &w.evil_base);
        foureyes_connect::check_policy(&p).unwrap();
        Arc::new(p)
    };
    for (i, (what, change)) in changes.into_iter().enumerate() {
        let id = format!("rt-{i}");
        let approval = approved(id.clone()).await;
        let policy = reloaded(change);
        let released = w.door.execute(policy.clone(), refund(&id, "shop.big_refund", &format!("ord_{id}"))).await;
        let released = released.unwrap();
        assert!(!released.ran, "{what}: the changed connector ran under approval {approval}");
        assert_eq!(released.to_json()["refused"], json!("connector_changed"), "{what}: {:?}", released.to_json());
        assert_eq!(
            (released.decision.verdict, released.outcome, released.decision.status),
            (Verdict::Permit, Some(Outcome::Failed), DecisionStatus::Failed),
            "{what}: settled as not done"
        );
        let detail = released.decision.report_detail.clone().unwrap();
        assert_eq!(detail["refused"], json!("connector_changed"), "{what}: {detail}");
        assert_ne!(detail["approved_digest"], detail["rendered_digest"], "{what}: {detail}");
        // Sent again: a replay, never a run.
        let again = w.door.execute(policy, refund(&id, "shop.big_refund", &format!("ord_{id}"))).await.unwrap();
        assert_eq!((again.replayed, again.ran), (true, false), "{what}");
    }
    assert_eq!(w.seen.all().len() + w.evil.all().len(), 0, "no changed connector reached any server");
    let journal = w.store.journal(0, 100_000).await.unwrap();
    let refusals =
        journal.iter().filter(|e| e.kind == EventKind::Refused && e.data["code"] == json!("connector_changed")).count();
    assert_eq!(refusals, 6, "each refused release is journaled with its typed reason");
    // The approver was shown the connector: rendered, secrets by name, never by value.
    let deferred = w.exec(refund("rt-shown", "shop.big_refund", "ord_shown")).await;
    let approval = w.store.approval(deferred.decision.approval_id.unwrap(), T0 + 20).await.unwrap().unwrap();
    let shown = approval.request.evidence.clone().unwrap()["foureyes_connector"].clone();
    assert_eq!(shown["connector"]["http"]["url"], json!(format!("{}/refunds/ord_shown", w.base)), "{shown}");
    assert_eq!(shown["connector"]["http"]["headers"]["authorization"], json!("Bearer [secret shop_token]"));
    assert_eq!(shown["secrets"], json!(["shop_token"]));
    assert_eq!(shown["digest"].as_str().map(str::len), Some(64), "{shown}");
    assert!(!serde_json::to_string(&journal).unwrap().contains(TOKEN), "no secret value in the journal");
    // The same policy, or one that writes the same templates another way, renders the same request: released.
    let respelled = reloaded(|h, _| h.url = h.url.replace("{{ params.order_id }}", "{{params.order_id}}"));
    for (id, policy) in [("rt-same", w.policy.clone()), ("rt-respelled", respelled)] {
        approved(id.to_string()).await;
        let released = w.door.execute(policy, refund(id, "shop.big_refund", &format!("ord_{id}"))).await.unwrap();
        assert_eq!((released.ran, released.outcome), (true, Some(Outcome::Executed)), "{id}");
    }
    assert_eq!(w.seen.count("/refunds/ord_rt-same") + w.seen.count("/refunds/ord_rt-respelled"), 2);
    assert!(w.store.audit().await.unwrap().mismatches.is_empty());
}

/// F614 (ADR-570's residual, RED before: the release ran, and the changed connector reached the other server): a
/// database writer who reloads the policy so that the action runs another connector *and* rewrites the deferral
/// row's recorded connector digest to the new connector's releases nothing. The journal binds each decision's
/// connector digest (ADR-614), so the deferral is refused `record_altered`, journaled, naming the field.
async fn a_deferral_whose_connector_digest_was_rewritten_releases_nothing(w: World) {
    let ask = || refund("rw-1", "shop.big_refund", "ord_rw");
    let deferred = w.exec(ask()).await;
    assert_eq!((deferred.decision.verdict, deferred.ran), (Verdict::Defer, false));
    let approval = deferred.decision.approval_id.unwrap();
    w.store.approve(approval, "alice", Some(&deferred.decision.digest), T0 + 10).await.unwrap();
    let mut changed = (*w.policy).clone();
    let action = changed.actions.get_mut("shop.big_refund").unwrap();
    let Some(foureyes_core::connector::ConnectorSpec::Http(h)) = action.execute.as_mut() else { panic!() };
    h.url = format!("{}/steal", w.evil_base);
    h.allow_origins = vec![w.evil_base.clone()];
    foureyes_connect::check_policy(&changed).unwrap();
    let spec = changed.actions["shop.big_refund"].execute.clone().unwrap();
    let approved = deferred.decision.request.connector_digest().unwrap().to_string();
    let forged = foureyes_connect::bind::digest(&foureyes_connect::bind::rendered(&spec, &ask(), None));
    assert_ne!(approved, forged, "the reload changes the connector");
    let edit = format!(
        "UPDATE decisions SET request = REPLACE(request, '{approved}', '{forged}') WHERE id = {}",
        deferred.decision.decision_id
    );
    match &w.pg_url {
        None => {
            let db = rusqlite::Connection::open(w.dir.path().join("foureyes.db")).unwrap();
            assert_eq!(db.execute(&edit, []).unwrap(), 1);
        }
        Some(url) => assert_eq!(support::client(url).await.execute(&edit, &[]).await.unwrap(), 1),
    }
    let released = w.door.execute(Arc::new(changed), ask()).await;
    assert_eq!(w.evil.all().len() + w.seen.all().len(), 0, "the changed connector ran: {released:?}");
    if let Ok(released) = &released {
        assert!(!released.ran, "{:?}", released.to_json());
    }
    let journal = w.store.journal(0, 100_000).await.unwrap();
    let altered = journal.iter().any(|e| {
        e.kind == EventKind::Refused
            && e.data["code"] == json!("record_altered")
            && e.data["input"]["table"] == json!("decisions")
            && e.data["input"]["field"] == json!("connector")
    });
    assert!(altered, "the rewritten deferral is refused, journaled, naming the field: {released:?}");
}

macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(super::world(super::Backend::Sqlite).await).await;
                }
            )*
        }
        mod pg {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(super::world(super::Backend::Postgres).await).await;
                }
            )*
        }
    };
}

on_both_backends!(
    a_permit_runs_its_connector_once_and_reports,
    a_denied_or_deferred_action_never_reaches_its_connector,
    failures_are_honest_about_what_may_have_happened,
    template_injection_in_params_changes_nothing,
    commands_have_deadlines_and_exit_statuses,
    undo_runs_the_compensating_connector_with_the_state_before,
    a_crash_between_permit_and_report_is_listed_and_never_rerun,
    a_run_past_its_reporting_deadline_keeps_its_reservation,
    a_client_error_after_a_redirect_is_unknown,
    a_redirect_to_a_path_the_decision_did_not_show_is_not_followed,
    a_redirect_of_a_write_to_its_own_path_sends_it_once,
    urls_are_judged_by_the_policys_canonicaliser,
    a_start_is_journaled_once_and_only_for_an_intended_permit,
    a_database_writer_cannot_erase_a_start_mark,
    who_reports_a_decision_is_fixed_when_it_is_decided,
    an_approval_releases_only_the_connector_it_was_shown,
    a_deferral_whose_connector_digest_was_rewritten_releases_nothing,
);
