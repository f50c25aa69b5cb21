//! Attack 38 (scripts/attack38/REPORT.md) on console sign-in: H2 — every journaled stamp of a sign-in, a sign-out, a
//! refusal on the read path and a write-time credential check is the door's clock's (ADR-730), never the machine's
//! wall clock (ADR-1221); H8 — a sign-in link for a revoked name is refused with its reason, journaled, and not spent
//! (ADR-1222).
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::canonical::sha256_hex;
use foureyes_core::journal::EventKind;
use foureyes_server::SIGNIN_CODE_TTL_MS;
use foureyes_store::Credentials;
use foureyes_store::Store;

/// The harness's door runs on a clock of its own (2025-06-15, 18 months behind this machine's wall clock): a stamp
/// taken from the wall clock stands out. Red before: `session_opened`, `session_closed` and the read path's
/// `record_altered` refusal were stamped by the wall clock (attack 38's H2: a door 13 h ahead stamped sign-ins 13 h
/// ahead of its decisions, and after a reboot every door refused to decide until the wall clock caught up).
#[tokio::test]
async fn attack38_h2_every_sign_in_event_is_stamped_by_the_doors_clock() {
    let h = harness().await;
    h.advance(3_600_000);
    let head = h.head().await;
    let (session, csrf) = h.session(APPROVER).await;
    let cookie = Auth::Cookie { session, csrf: Some(csrf) };
    assert_eq!(h.send(req("GET", "/v1/me").auth(&cookie)).await.status, StatusCode::OK);
    h.advance(1_000);
    let r = h.send(req("DELETE", "/console/session").auth(&cookie)).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.text());
    h.advance(1_000);
    // A sign-in link used, and a row edited by hand refused on the read path (ADR-180).
    let code = "attack38-h2-code-0123456789";
    h.store.create_signin_code(&sha256_hex(code.as_bytes()), "root", h.now() + SIGNIN_CODE_TTL_MS).await.unwrap();
    let r = h.send(req("GET", &format!("/console/signin?code={code}"))).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text());
    let db = rusqlite::Connection::open(h.dir.path().join("t.db")).unwrap();
    db.execute("UPDATE tokens SET revoked_ms = NULL WHERE name = 'gone'", []).unwrap();
    let r = h.send(req("GET", "/v1/me").token(REVOKED)).await;
    assert_eq!(r.error_code(), "record_altered", "{}", r.text());

    let (earliest, latest) = (T0 + 3_600_000, h.now());
    let events = h.events_after(head).await;
    let stamps: Vec<_> = events
        .iter()
        .filter(|e| !(e.kind == EventKind::Credential && e.data["action"] == "signin_code_issued"))
        .map(|e| (e.seq, e.kind.as_str(), e.data["action"].as_str().or(e.data["code"].as_str()).unwrap_or(""), e.ts_ms))
        .collect();
    let kinds: Vec<_> = stamps.iter().map(|s| s.2).collect();
    for expected in ["session_opened", "session_closed", "signin_code_used", "record_altered"] {
        assert!(kinds.contains(&expected), "no `{expected}` journaled: {stamps:?}");
    }
    let off: Vec<_> = stamps.iter().filter(|s| s.3 < earliest || s.3 > latest).collect();
    assert!(off.is_empty(), "stamped off the door's clock ({earliest}..={latest}): {off:?}");
}

/// H2, the write-time check (ADR-392): a write refused because its credential was revoked after its authentication
/// journals the refusal at the door's time.
#[tokio::test]
async fn attack38_h2_a_write_refused_as_revoked_is_stamped_by_the_doors_clock() {
    use axum::extract::FromRequestParts;
    use foureyes_server::WriteCaller;
    let h = harness().await;
    h.advance(7_200_000);
    let (_, id, digest, _) = h.deferral(20.0).await;
    let (mut parts, _) = req("POST", &format!("/v1/approvals/{id}/approve")).token(APPROVER).build().into_parts();
    let caller = WriteCaller::from_request_parts(&mut parts, &h.state).await.expect("live when authenticated");
    let head = h.head().await;
    assert!(h.store.revoke_token("alice", h.now()).await.unwrap());
    let (store, now, clock) = (std::sync::Arc::clone(&h.store), h.now(), h.state.clock.clone());
    let written = foureyes_store::stamped_by(
        clock,
        caller
            .writes(|_| async move { foureyes_store::Store::approve(&*store, id, "alice", Some(&digest), now).await }),
    )
    .await;
    assert!(
        matches!(written, Err(foureyes_store::StoreError::Refused { ref code, .. }) if code == "credential_revoked")
    );
    let refusal = h.events_after(head).await.into_iter().find(|e| e.kind == EventKind::Refused).unwrap();
    assert_eq!(refusal.ts_ms, h.now(), "the refusal's stamp: {refusal:?}");
}

/// H8: a sign-in link redeemed after its name was revoked. Red before: answered 410 `link_used` ("already used or
/// has expired"), `signin_code_used` journaled after `revoked`, and no refusal naming the reason.
#[tokio::test]
async fn attack38_h8_a_sign_in_link_for_a_revoked_name_is_refused_with_its_reason() {
    let h = harness().await;
    let code = "attack38-h8-code-0123456789";
    h.store.create_signin_code(&sha256_hex(code.as_bytes()), "root", h.now() + SIGNIN_CODE_TTL_MS).await.unwrap();
    assert!(h.store.revoke_token("root", h.now()).await.unwrap());
    let head = h.head().await;
    for attempt in 0..2 {
        let r = h.send(req("GET", &format!("/console/signin?code={code}"))).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "attempt {attempt}: {}", r.text());
        // As every credential refused as revoked is answered (ADR-1050): 401 `unauthorized`, the message saying why.
        assert_eq!(r.error_code(), "unauthorized", "attempt {attempt}");
        let message = r.json()["error"]["message"].as_str().unwrap().to_string();
        assert!(message.contains("`root` is revoked"), "attempt {attempt}: {message}");
        assert!(r.headers.get(axum::http::header::SET_COOKIE).is_none());
    }
    let events = h.events_after(head).await;
    let shown: Vec<_> = events.iter().map(|e| (e.kind.as_str(), e.data.clone())).collect();
    assert_eq!(events.len(), 2, "one refusal per attempt, nothing else: {shown:?}");
    for e in &events {
        assert_eq!(e.kind, EventKind::Refused, "{shown:?}");
        assert_eq!(e.data["code"], "credential_revoked", "{shown:?}");
        assert_eq!(e.data["agent"], "root", "{shown:?}");
        assert_eq!(e.data["input"]["via"], "sign-in link", "{shown:?}");
    }
    assert_eq!(
        h.send(req("GET", &format!("/console/signin?code={}", "never-issued-0123456789"))).await.status,
        StatusCode::GONE,
        "a code never issued is still gone, not a revocation"
    );
    let report = h.store.audit().await.unwrap();
    assert!(report.mismatches.is_empty(), "{:#?}", report.mismatches);
}
