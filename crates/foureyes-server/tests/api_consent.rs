//! Consent is bound to exactly what the approver saw: a stale or wrong digest is refused (and journaled), changing
//! anything between defer and execute is refused, step-up approvals need a current TOTP code (each code good
//! once), and a decide answer says whether it is a replay of an earlier decision.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::Role;
use foureyes_core::canonical::sha256_hex;
use foureyes_server::{new_totp_secret, totp_code};
use foureyes_store::{Credentials, Store};
use serde_json::{Value, json};

async fn approve(h: &Harness, token: &str, id: i64, body: Value) -> Resp {
    h.send(req("POST", &format!("/v1/approvals/{id}/approve")).token(token).json(&body)).await
}

async fn approval(h: &Harness, id: i64) -> Value {
    h.send(req("GET", &format!("/v1/approvals/{id}")).token(ADMIN)).await.json()
}

#[tokio::test]
async fn approving_with_a_wrong_or_stale_digest_is_refused_and_journaled() {
    let h = harness().await;
    let (_, old_id, old_digest, _) = h.deferral(20.0).await;
    let (_, id, digest, _) = h.deferral(450.0).await;
    for (case, shown, status, code) in [
        (
            "a stale digest (another request's)",
            json!({"digest": old_digest}),
            StatusCode::BAD_REQUEST,
            "digest_mismatch",
        ),
        ("a made-up digest", json!({"digest": "0".repeat(64)}), StatusCode::BAD_REQUEST, "digest_mismatch"),
        ("a truncated digest", json!({"digest": &digest[..12]}), StatusCode::BAD_REQUEST, "digest_mismatch"),
        ("no digest at all", json!({}), StatusCode::BAD_REQUEST, "bad_request"),
    ] {
        let before = h.head().await;
        let r = approve(&h, APPROVER, id, shown).await;
        assert_eq!(r.status, status, "{case}: {}", r.text());
        assert_eq!(r.error_code(), code, "{case}");
        let data = h.only_refusal_since(before, "alice").await;
        assert_eq!(data["code"], code, "{case}");
        let a = approval(&h, id).await;
        assert_eq!((a["status"].as_str(), a["approvers"].clone()), (Some("pending"), json!([])), "{case}");
    }
    // Rejecting is bound to the digest the same way.
    let before = h.head().await;
    let r = h
        .send(req("POST", &format!("/v1/approvals/{id}/reject")).token(APPROVER).json(&json!({"digest": old_digest})))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.error_code(), "digest_mismatch");
    h.only_refusal_since(before, "alice").await;
    assert_eq!(approval(&h, id).await["status"], "pending");

    // The right digest works; the old approval is untouched by all of this.
    let r = approve(&h, APPROVER, id, json!({"digest": digest})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["approval"]["status"], "approved");
    assert_eq!(approval(&h, old_id).await["status"], "pending");
    // A second answer finds it no longer pending.
    let before = h.head().await;
    let r = approve(&h, APPROVER2, id, json!({"digest": digest})).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.error_code(), "approval_not_pending");
    h.only_refusal_since(before, "bob").await;
}

#[tokio::test]
async fn the_same_request_id_with_other_params_is_a_conflict() {
    let h = harness().await;
    let (deferral, _, _, mut body) = h.deferral(30.0).await;
    body["params"]["amount_eur"] = json!(499);
    let before = h.head().await;
    let r = h.send(req("POST", "/v1/decide").token(AGENT).json(&body)).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text());
    assert_eq!(r.error_code(), "conflict");
    assert_eq!(h.only_refusal_since(before, "bot").await["code"], "idempotency_conflict");
    // The same content is the same decision.
    body["params"]["amount_eur"] = json!(30.0);
    assert_eq!(h.decide(AGENT, body).await["decision_id"], deferral);
}

/// `replayed` tells the caller whether this call made the decision: false for the first request and for the
/// release after an approval, true for every retry (which returns the stored decision unchanged and journals nothing).
#[tokio::test]
async fn a_decide_answer_says_whether_it_is_a_replay() {
    let h = harness().await;
    let body = json!({"request_id": h.rid("w"), "action": "weather.get"});
    let first = h.decide(AGENT, body.clone()).await;
    assert_eq!(first["replayed"], false, "{first}");
    let head = h.head().await;
    h.advance(5_000);
    let again = h.decide(AGENT, body).await;
    assert_eq!(again["replayed"], true, "{again}");
    assert_eq!(h.head().await, head, "a replay journals nothing");
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("replayed");
        v
    };
    assert_eq!(strip(again), strip(first), "apart from the flag, the replay is the stored decision");

    let (_, id, digest, pay) = h.deferral(40.0).await;
    assert_eq!(h.decide(AGENT, pay.clone()).await["replayed"], true, "re-sent while pending");
    let r = approve(&h, APPROVER, id, json!({"digest": digest})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let release = h.decide(AGENT, pay.clone()).await;
    assert_eq!((release["verdict"].clone(), release["replayed"].clone()), (json!("permit"), json!(false)), "{release}");
    let again = h.decide(AGENT, pay).await;
    assert_eq!(
        (again["decision_id"].clone(), again["replayed"].clone()),
        (release["decision_id"].clone(), json!(true))
    );
}

#[tokio::test]
async fn executing_an_approval_with_anything_changed_is_denied_with_digest_mismatch() {
    let h = harness().await;
    let (_, id, digest, body) = h.deferral(40.0).await;
    let r = approve(&h, APPROVER, id, json!({"digest": digest})).await;
    assert_eq!(r.status, StatusCode::OK);

    let changed = [
        ("other params", AGENT, json!({"amount_eur": 499, "payee": "ACME"}), None),
        ("another payee", AGENT, json!({"amount_eur": 40.0, "payee": "MALLORY"}), None),
        ("a target added", AGENT, json!({"amount_eur": 40.0, "payee": "ACME"}), Some("acct-9")),
        // Another agent citing this approval is refused even earlier, with 403:
        // `an_agent_cannot_undo_or_release_another_agents_action`.
    ];
    for (case, token, params, target) in changed {
        let mut b =
            json!({"request_id": h.rid("exec"), "action": "payments.send", "params": params, "approval_id": id});
        if let Some(t) = target {
            b["target"] = json!(t);
        }
        let v = h.decide(token, b).await;
        assert_eq!(v["verdict"], "deny", "{case}: {v}");
        assert!(v["reasons"].as_array().unwrap().iter().any(|r| r["code"] == "digest_mismatch"), "{case}: {v}");
        assert_eq!(approval(&h, id).await["status"], "approved", "{case}: a mismatch must not use the approval up");
    }

    // Executing exactly what was approved works, once.
    let mut exact = body.clone();
    exact["request_id"] = json!("exact-1");
    exact["approval_id"] = json!(id);
    let v = h.decide(AGENT, exact).await;
    assert_eq!(v["verdict"], "permit", "{v}");
    assert_eq!(approval(&h, id).await["status"], "consumed");
    let mut again = body;
    again["request_id"] = json!("exact-2");
    again["approval_id"] = json!(id);
    let v = h.decide(AGENT, again).await;
    assert_eq!(v["verdict"], "deny", "{v}");
    assert!(v["reasons"].as_array().unwrap().iter().any(|r| r["code"] == "approval_consumed"), "{v}");
}

/// Enrols approver `carol` (token `tok-carol`) with a fresh TOTP secret for step-up; returns the secret.
async fn carol_with_totp(h: &Harness) -> String {
    let secret = new_totp_secret().unwrap();
    h.store.create_token("carol", Role::Approver, &sha256_hex(b"tok-carol"), Some(&secret), h.now()).await.unwrap();
    secret
}

async fn wire(h: &Harness) -> (i64, String) {
    let v = h
        .decide(AGENT, json!({"request_id": h.rid("wire"), "action": "payments.wire", "params": {"amount_eur": 5000}}))
        .await;
    assert_eq!(v["verdict"], "defer", "{v}");
    (v["approval_id"].as_i64().unwrap(), v["digest"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn step_up_approvals_need_a_current_totp_code() {
    let h = harness().await;
    let secret = carol_with_totp(&h).await;
    let (id, digest) = wire(&h).await;
    assert_eq!(approval(&h, id).await["step_up"], true);

    // alice has no TOTP enrolled: refused even with a plausible code.
    let code_now = totp_code(&secret, h.now()).unwrap();
    for body in [json!({"digest": digest}), json!({"digest": digest, "totp": code_now})] {
        let before = h.head().await;
        let r = approve(&h, APPROVER, id, body).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
        assert!(r.json()["error"]["message"].as_str().unwrap().contains("no TOTP enrolled"), "{}", r.text());
        h.only_refusal_since(before, "alice").await;
    }

    // carol: no code, a wrong code, a code from ten minutes ago — all refused and journaled.
    let wrong = format!("{:06}", (code_now.parse::<u32>().unwrap() + 1) % 1_000_000);
    let stale = totp_code(&secret, h.now() - 600_000).unwrap();
    for (case, body) in [
        ("no code", json!({"digest": digest})),
        ("a wrong code", json!({"digest": digest, "totp": wrong})),
        ("a stale code", json!({"digest": digest, "totp": stale})),
        ("not digits", json!({"digest": digest, "totp": "abcdef"})),
    ] {
        let before = h.head().await;
        let r = approve(&h, "tok-carol", id, body).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{case}: {}", r.text());
        assert_eq!(r.error_code(), "forbidden");
        let data = h.only_refusal_since(before, "carol").await;
        assert_eq!(data["input"]["step_up"], true, "{case}");
        assert_eq!(approval(&h, id).await["status"], "pending", "{case}");
    }

    // The right code, with the right digest: approved.
    let r = approve(&h, "tok-carol", id, json!({"digest": digest, "totp": totp_code(&secret, h.now()).unwrap()})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["approval"]["status"], "approved");
    assert_eq!(r.json()["approval"]["approvers"], json!(["carol"]));
}

/// RFC 6238 §5.2: a TOTP code is accepted once. The same code (or an earlier one still inside the ±1 window) is
/// refused for a second approval and journaled like any other step-up failure; the next step's code works.
#[tokio::test]
async fn a_totp_code_approves_once_and_its_replay_is_refused_and_journaled() {
    let h = harness().await;
    let secret = carol_with_totp(&h).await;
    let (first, first_digest) = wire(&h).await;
    let (second, second_digest) = wire(&h).await;
    let code = totp_code(&secret, h.now()).unwrap();
    let r = approve(&h, "tok-carol", first, json!({"digest": first_digest, "totp": code})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());

    // The same code, ten seconds later, for another approval: a replay.
    h.advance(10_000);
    let earlier = totp_code(&secret, h.now() - 30_000).unwrap();
    for (case, totp) in [("the same code", code.clone()), ("the previous step's code", earlier)] {
        let before = h.head().await;
        let r = approve(&h, "tok-carol", second, json!({"digest": second_digest, "totp": totp})).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{case}: {}", r.text());
        assert_eq!(r.error_code(), "forbidden", "{case}");
        assert!(r.json()["error"]["message"].as_str().unwrap().contains("already used"), "{case}: {}", r.text());
        let data = h.only_refusal_since(before, "carol").await;
        assert_eq!(
            (data["code"].clone(), data["input"]["step_up"].clone()),
            (json!("forbidden"), json!(true)),
            "{case}"
        );
        assert_eq!(approval(&h, second).await["status"], "pending", "{case}");
    }

    // The next step's code is new: it approves.
    h.advance(30_000);
    let next = totp_code(&secret, h.now()).unwrap();
    assert_ne!(next, code);
    let r = approve(&h, "tok-carol", second, json!({"digest": second_digest, "totp": next})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["approval"]["status"], "approved");
}

/// ADR-1160 (RED before: the row was the only record of the last step, and the replay approved): a TOTP code used
/// for one approval, then its credential's `totp_last_step` set back (or cleared) by a database writer, approves
/// nothing a second time: the journal's last step is the authority. `journal audit` names the row.
#[tokio::test]
async fn a_used_totp_code_approves_nothing_after_its_step_is_set_back_by_hand() {
    let h = harness().await;
    let secret = carol_with_totp(&h).await;
    let (first, first_digest) = wire(&h).await;
    let (second, second_digest) = wire(&h).await;
    let code = totp_code(&secret, h.now()).unwrap();
    let r = approve(&h, "tok-carol", first, json!({"digest": first_digest, "totp": code})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    h.advance(10_000);
    let db = rusqlite::Connection::open(h.dir.path().join("t.db")).unwrap();
    for back in ["totp_last_step - 1", "NULL"] {
        db.execute_batch(&format!("UPDATE tokens SET totp_last_step = {back} WHERE name = 'carol'")).unwrap();
        let audit = h.store.audit().await.unwrap();
        assert!(
            audit.mismatches.iter().any(|m| m.starts_with("tokens carol totp_last_step: journal says")),
            "set back to {back}: {:#?}",
            audit.mismatches
        );
        let before = h.head().await;
        let r = approve(&h, "tok-carol", second, json!({"digest": second_digest, "totp": code})).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "set back to {back}: {}", r.text());
        assert!(r.json()["error"]["message"].as_str().unwrap().contains("already used"), "{}", r.text());
        h.only_refusal_since(before, "carol").await;
        assert_eq!(approval(&h, second).await["status"], "pending", "set back to {back}");
    }
}

/// Attack 36 H1 (RED before: the vote's step-up was read from the row, and a writer who cleared `approvals.step_up`
/// let the approver's token alone approve, with nothing journaled of a code): whether a vote needs step-up is the
/// journal's. The cleared row is `record_altered`; the approval stays pending, and with the row put back a real code
/// still approves it.
#[tokio::test]
async fn attack36_h1_an_approval_whose_step_up_flag_is_cleared_by_hand_needs_its_code_still() {
    let h = harness().await;
    let secret = carol_with_totp(&h).await;
    let (id, digest) = wire(&h).await;
    let db = rusqlite::Connection::open(h.dir.path().join("t.db")).unwrap();
    db.execute_batch(&format!("UPDATE approvals SET step_up = 0 WHERE id = {id}")).unwrap();
    let shown = approval(&h, id).await;
    assert_eq!(shown["altered"]["field"], "step_up", "the card shows the cleared flag unmarked: {shown}");
    let r = approve(&h, "tok-carol", id, json!({"digest": digest})).await;
    assert_ne!(r.status, StatusCode::OK, "the token alone approved a step-up approval: {}", r.text());
    assert_eq!(r.error_code(), "record_altered", "{}", r.text());
    db.execute_batch(&format!("UPDATE approvals SET step_up = 1 WHERE id = {id}")).unwrap();
    assert_eq!(approval(&h, id).await["status"], "pending");
    let r = approve(&h, "tok-carol", id, json!({"digest": digest, "totp": totp_code(&secret, h.now()).unwrap()})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

/// The step-up check does not replace the digest check: a right code with a wrong digest is still refused.
#[tokio::test]
async fn a_right_totp_code_does_not_excuse_a_wrong_digest() {
    let h = harness().await;
    let secret = carol_with_totp(&h).await;
    let (id, _) = wire(&h).await;
    let before = h.head().await;
    let r =
        approve(&h, "tok-carol", id, json!({"digest": "f".repeat(64), "totp": totp_code(&secret, h.now()).unwrap()}))
            .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.error_code(), "digest_mismatch");
    // The code was checked (and so used: its step is accepted before the digest is) — journaled since ADR-1160, where
    // before the row moved unseen — then the approval refused: exactly these two events.
    let step = (h.now() / 1000 / 30) as u64;
    let events = h.events_after(before).await;
    assert_eq!(events.len(), 2, "{events:#?}");
    assert_eq!(events[0].data, json!({"action": "totp_step_accepted", "name": "carol", "step": step}), "{events:#?}");
    h.only_refusal_since(events[0].seq, "carol").await;
    assert_eq!(approval(&h, id).await["status"], "pending");
}

/// Approvals without step-up ignore a TOTP code (and an approver without TOTP can approve them).
#[tokio::test]
async fn approvals_without_step_up_need_no_code() {
    let h = harness().await;
    let (_, id, digest, _) = h.deferral(12.0).await;
    let r = approve(&h, APPROVER, id, json!({"digest": digest})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

/// Evidence travels with the approval so the human sees it, but it is context, not the action: it changes neither
/// the digest nor the idempotency fingerprint, and it is size-limited like params.
#[tokio::test]
async fn evidence_is_shown_to_the_approver_and_is_not_part_of_the_digest() {
    let h = harness().await;
    let (_, plain_id, plain_digest, _) = h.deferral(42.0).await;
    let mut body = json!({
        "request_id": "with-evidence",
        "action": "payments.send",
        "params": {"amount_eur": 42.0, "payee": "ACME"},
        "evidence": {"invoice": "INV-7", "excerpt": "please pay the March invoice"},
    });
    let v = h.decide(AGENT, body.clone()).await;
    assert_eq!(v["verdict"], "defer", "{v}");
    assert_eq!(v["digest"], plain_digest.as_str(), "evidence must not change what the human approves");
    let card = approval(&h, v["approval_id"].as_i64().unwrap()).await;
    assert_eq!(card["request"]["evidence"]["invoice"], "INV-7", "{card}");
    assert!(approval(&h, plain_id).await["request"].get("evidence").is_none());
    // A retry with other evidence is the same request.
    body["evidence"] = json!({"invoice": "INV-7", "note": "second try"});
    assert_eq!(h.decide(AGENT, body.clone()).await["decision_id"], v["decision_id"]);
    // Evidence must be an object, and not a huge one.
    body["request_id"] = json!("evidence-array");
    body["evidence"] = json!(["not", "an", "object"]);
    let r = h.send(req("POST", "/v1/decide").token(AGENT).json(&body)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    body["request_id"] = json!("evidence-huge");
    body["evidence"] = json!({"blob": "x".repeat(20 * 1024)});
    let r = h.send(req("POST", "/v1/decide").token(AGENT).json(&body)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert!(r.text().contains("evidence is"), "{}", r.text());
}

/// An agent may name only its own decisions in `undo_of` and only its own approvals in `approval_id`: otherwise it
/// could permanently block the real undo of another agent's action ("already undone"), or probe which approvals
/// exist. Both attempts are refused with 403 and journaled.
#[tokio::test]
async fn an_agent_cannot_undo_or_release_another_agents_action() {
    let h = harness().await;
    let executed = h.executed().await;
    let (_, approval_id, _, _) = h.deferral(15.0).await;
    let before = h.head().await;
    let undo = json!({
        "request_id": "hijack-undo",
        "action": "climate.set_temperature",
        "params": {"zone": "living", "celsius": 19},
        "undo_of": executed,
    });
    let r = h.send(req("POST", "/v1/decide").token(AGENT2).json(&undo)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
    assert_eq!(h.only_refusal_since(before, "other-bot").await["code"], "forbidden");
    let before = h.head().await;
    let release = json!({
        "request_id": "hijack-release",
        "action": "payments.send",
        "params": {"amount_eur": 15.0, "payee": "ACME"},
        "approval_id": approval_id,
    });
    let r = h.send(req("POST", "/v1/decide").token(AGENT2).json(&release)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
    assert_eq!(h.only_refusal_since(before, "other-bot").await["code"], "forbidden");
    // The owner's undo still works.
    let mut own = undo.clone();
    own["request_id"] = json!("own-undo");
    assert_eq!(h.decide(AGENT, own).await["verdict"], "permit");
}
