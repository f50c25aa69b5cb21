//! Issue 13's property, on SQLite: for a random history and a random single edit of any row of any table or of any
//! journal field (with or without recomputed hashes), the edit is either reported — by `audit`, by `verify` of the
//! chain, or by verification against a checkpoint signed before the edit — or grants nothing at use: the same probes
//! (payments against the budget, the release of every approval, a request in the demoted session, every credential,
//! the kill switch) on the edited database are never more permissive than on an untouched copy. Never silently
//! accepted.
//!
//! A seeded generator (no proptest in the tree): `FOUREYES_TAMPER_CASES` cases (default 24, bounded for CI) from
//! `FOUREYES_TAMPER_SEED` (default 1); a failing case prints its seed, its history and the edit. The long run is in
//! docs/testing.md. Edits of the columns no event records and that no probe here can use (a token's hash, console
//! sessions, sign-in codes, task command records) are KNOWN GAPS: counted and printed, listed in
//! [`KNOWN_GAPS`] with why, never passed as "grants nothing".
#![allow(clippy::unwrap_used)]

use foureyes_core::checkpoint::SigningKey;
use foureyes_core::journal::{Event, EventKind, GENESIS_HASH, event_hash};
use foureyes_core::{ActionRequest, Outcome, Policy, Role, Verdict};
use foureyes_store::{Credentials, Store};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use rusqlite::types::Value as Sql;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const POLICY: &str = "\
version: 1
actions:
  pay:
    tier: 2
    params: { amount_eur: { type: number, min: 0.01, max: 500 } }
    budgets: [ { param: amount_eur, max: 1000, per: 24h } ]
  vault.open:
    tier: 3
    params: { door: { type: integer, min: 1, max: 9 } }
    approvals: { required: 2, ttl: 1h }
  lamp:
    tier: 1
    params: { level: { type: integer, min: 0, max: 9 } }
    compensate: { action: lamp }
session_trust:
  cooling_period: 30m
  demote_on: { flags: [prompt_injection] }
";

/// Columns no journal event records, which a database writer can change unseen and which the probes here do not
/// exercise: (table, column or `*`, why). An edit here that nothing reports is counted as a known gap.
const KNOWN_GAPS: &[(&str, &str, &str)] = &[
    ("tokens", "token_hash", "a writer can set any credential's token hash to one they hold (no event records it)"),
    ("sessions", "*", "a writer can add a console session for any principal (sessions are not journaled)"),
    ("signin_codes", "*", "a writer can add a sign-in code for any principal (codes are not journaled)"),
    ("task_commands", "*", "a task command's recorded outcome is not compared with the journal"),
];

/// The step-up secret of every approver the history creates.
const TOTP_SECRET: &str = "JBSWY3DPEHPK3PXP";

/// A small seeded generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, one_in: u64) -> bool {
        self.next().is_multiple_of(one_in)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn request(id: String, agent: &str, action: &str, params: Value) -> ActionRequest {
    let Value::Object(params) = params else { unreachable!() };
    ActionRequest {
        request_id: id,
        agent: agent.into(),
        session: None,
        action: action.into(),
        params,
        target: None,
        undo_of: None,
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    }
}

fn token_hash(name: &str) -> String {
    foureyes_core::canonical::sha256_hex(format!("token-of-{name}").as_bytes())
}

/// What the history made, for the probes.
#[derive(Default, Debug)]
struct Made {
    /// Approval id → the door of its `vault.open` request and its agent.
    approvals: Vec<(i64, i64, String)>,
    tokens: Vec<String>,
}

const T0: i64 = 1_800_000_000_000;

/// A random history of 8 to 30 steps through the store's own API; the clock advances 1 to 60 s per step.
async fn history(store: &SqliteStore, policy: &Arc<Policy>, rng: &mut Rng, log: &mut Vec<String>) -> (Made, i64) {
    let mut made = Made::default();
    let mut now = T0;
    let mut permits = Vec::new();
    let steps = 8 + rng.below(23);
    for step in 0..steps {
        now += 1000 * (1 + rng.below(60) as i64);
        let agent = *rng.pick(&["bot", "bob"]);
        let id = format!("r{step}");
        let what = rng.below(10);
        let said = match what {
            0..=2 => {
                let amount = *rng.pick(&["100", "200", "300", "450"]);
                let params = json!({"amount_eur": amount.parse::<u32>().unwrap()});
                let r = store.decide(policy.clone(), request(id, agent, "pay", params), now).await;
                if let Ok(d) = &r
                    && d.verdict == Verdict::Permit
                {
                    permits.push(d.decision_id);
                }
                format!("{agent} pays {amount}: {:?}", r.map(|d| d.verdict))
            }
            3 => {
                let door = 1 + rng.below(9) as i64;
                let r =
                    store.decide(policy.clone(), request(id, agent, "vault.open", json!({"door": door})), now).await;
                if let Ok(d) = &r
                    && let Some(a) = d.approval_id
                {
                    made.approvals.push((a, door, agent.to_string()));
                }
                format!("{agent} opens door {door}: {:?}", r.map(|d| (d.verdict, d.approval_id)))
            }
            4 if !made.approvals.is_empty() => {
                let (a, _, _) = made.approvals[rng.below(made.approvals.len())];
                let approver = *rng.pick(&["ann", "cid"]);
                let r = store.approve(a, approver, None, now).await;
                format!("{approver} approves {a}: {}", r.is_ok())
            }
            5 if !made.approvals.is_empty() => {
                let (a, door, agent) = made.approvals[rng.below(made.approvals.len())].clone();
                let mut release = request(id, &agent, "vault.open", json!({"door": door}));
                release.approval_id = Some(a);
                let r = store.decide(policy.clone(), release, now).await;
                if let Ok(d) = &r
                    && d.verdict == Verdict::Permit
                {
                    permits.push(d.decision_id);
                }
                format!("release {a}: {:?}", r.map(|d| d.verdict))
            }
            6 if !permits.is_empty() => {
                let d = permits.swap_remove(rng.below(permits.len()));
                let outcome = *rng.pick(&[Outcome::Executed, Outcome::Failed, Outcome::Unknown]);
                let r = store.report(d, outcome, json!({"n": step}), now).await;
                format!("report {d} {outcome:?}: {}", r.is_ok())
            }
            7 => {
                let engaged = rng.chance(2);
                let r = store.set_kill_switch(engaged, "ops", now).await;
                format!("kill switch {engaged}: {}", r.is_ok())
            }
            8 => {
                let mut lamp = request(id, agent, "lamp", json!({"level": 3}));
                lamp.session = Some("s1".into());
                if rng.chance(2) {
                    lamp.flags = vec!["prompt_injection".into()];
                }
                let flagged = !lamp.flags.is_empty();
                let r = store.decide(policy.clone(), lamp, now).await;
                format!("{agent} lamp in s1 (flagged {flagged}): {:?}", r.map(|d| d.verdict))
            }
            _ => {
                if !made.tokens.is_empty() && rng.chance(3) {
                    let name = made.tokens[rng.below(made.tokens.len())].clone();
                    let r = store.revoke_token(&name, now).await;
                    format!("revoke token {name}: {r:?}")
                } else {
                    let name = format!("t{step}");
                    let role = *rng.pick(&[Role::Agent, Role::Approver, Role::Admin]);
                    // An approver is enrolled in step-up and uses a code at once (ADR-1160: its secret and its last
                    // step are the journal's), drawing nothing more from the generator.
                    let totp = (role == Role::Approver).then_some(TOTP_SECRET);
                    let r = store.create_token(&name, role, &token_hash(&name), totp, now).await;
                    let stepped = match (&r, totp) {
                        (Ok(()), Some(_)) => store.accept_totp_step(&name, (now / 1000 / 30) as u64).await.is_ok(),
                        _ => false,
                    };
                    made.tokens.push(name.clone());
                    format!("token {name} {role:?} (step-up used: {stepped}): {}", r.is_ok())
                }
            }
        };
        log.push(said);
    }
    (made, now)
}

/// What the probes saw, in order: a verdict (or `error`), a role (or `none`), the kill switch.
async fn probe(path: &Path, policy: &Arc<Policy>, made: &Made, now: i64) -> Vec<String> {
    let store = SqliteStore::open(path, SqliteOptions::default()).unwrap();
    let mut seen = Vec::new();
    let verdict = |r: Result<foureyes_core::DecisionRecord, foureyes_store::StoreError>| match r {
        Ok(d) => d.verdict.as_str().to_string(),
        Err(_) => "error".to_string(),
    };
    for (n, agent) in ["bot", "bob"].into_iter().enumerate() {
        for amount in [300, 600] {
            let r = request(format!("probe-{n}-{amount}"), agent, "pay", json!({"amount_eur": amount}));
            seen.push(verdict(store.decide(policy.clone(), r, now).await));
        }
    }
    for (i, (a, door, agent)) in made.approvals.iter().enumerate() {
        let mut release = request(format!("probe-release-{i}"), agent, "vault.open", json!({"door": door}));
        release.approval_id = Some(*a);
        seen.push(verdict(store.decide(policy.clone(), release, now).await));
    }
    for agent in ["bot", "bob"] {
        let mut lamp = request(format!("probe-lamp-{agent}"), agent, "lamp", json!({"level": 1}));
        lamp.session = Some("s1".into());
        seen.push(verdict(store.decide(policy.clone(), lamp, now).await));
    }
    for name in &made.tokens {
        let who = store.principal_by_token(&token_hash(name)).await.ok().flatten();
        seen.push(who.map_or_else(|| "none".to_string(), |p| format!("role {:?}", p.role)));
    }
    seen.push(format!("kill switch {}", store.kill_switch().await.unwrap_or(true)));
    store.close();
    seen
}

/// Whether `edited` grants something `honest` does not: a permit where there was none, a credential that
/// authenticates with another role or at all, the kill switch released.
fn grants_more(honest: &[String], edited: &[String]) -> Option<String> {
    if honest.len() != edited.len() {
        return Some(format!("the probes differ in number: {honest:?} vs {edited:?}"));
    }
    honest.iter().zip(edited).enumerate().find_map(|(i, (h, e))| {
        let more = (e == "permit" && h != "permit")
            || (e.starts_with("role ") && e != h)
            || (e == "kill switch false" && h == "kill switch true");
        more.then(|| format!("probe {i}: {h} untouched, {e} edited"))
    })
}

fn copy_db(from: &Path, to: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let f = PathBuf::from(format!("{}{suffix}", from.display()));
        if f.exists() {
            std::fs::copy(&f, format!("{}{suffix}", to.display())).unwrap();
        }
    }
}

/// One random edit of one row, as a database writer makes it (triggers dropped). Returns its description, and
/// `None` when the chosen edit is not possible (a constraint refused it): then another is drawn.
fn edit(c: &rusqlite::Connection, rng: &mut Rng) -> Option<(String, String, String)> {
    let tables: Vec<String> = c
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let table = rng.pick(&tables).clone();
    if table == "journal" {
        let seqs: Vec<i64> =
            c.prepare("SELECT seq FROM journal").unwrap().query_map([], |r| r.get(0)).unwrap().flatten().collect();
        let seq = *rng.pick(&seqs);
        return edit_journal(c, rng, seq);
    }
    // Each row by a condition that names it: its rowid, or its primary key in a table without one.
    let has_rowid = c.prepare(&format!("SELECT rowid FROM {table} LIMIT 1")).is_ok();
    let key_sql = if has_rowid {
        "'rowid = ' || rowid".to_string()
    } else {
        let pk: Vec<String> = c
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}') WHERE pk > 0 ORDER BY pk"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        pk.iter().map(|k| format!("'{k} = ' || quote({k})")).collect::<Vec<_>>().join(" || ' AND ' || ")
    };
    let rows: Vec<String> = c
        .prepare(&format!("SELECT {key_sql} FROM {table}"))
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .flatten()
        .collect();
    if rows.is_empty() {
        return None;
    }
    let row = rng.pick(&rows).clone();
    let columns: Vec<String> = c
        .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    match rng.below(12) {
        0 => {
            let sql = format!("DELETE FROM {table} WHERE {row}");
            let done = c.execute(&sql, []).ok()?;
            (done == 1).then(|| (table.clone(), "*".into(), sql))
        }
        1 => {
            // A copy of the row under a new key where the table has an integer id; elsewhere the copy collides.
            let list = columns.iter().filter(|c| *c != "id").cloned().collect::<Vec<_>>().join(", ");
            let sql = format!("INSERT INTO {table} ({list}) SELECT {list} FROM {table} WHERE {row}");
            let done = c.execute(&sql, []).ok()?;
            (done == 1).then(|| (table.clone(), "*".into(), sql))
        }
        _ => {
            let column = rng.pick(&columns).clone();
            let old: Sql = c.query_row(&format!("SELECT {column} FROM {table} WHERE {row}"), [], |r| r.get(0)).ok()?;
            let new = mutate(&old, rng)?;
            let done = c.execute(&format!("UPDATE {table} SET {column} = ?1 WHERE {row}"), [&new]).ok()?;
            (done == 1)
                .then(|| (table.clone(), column.clone(), format!("{table}.{column} where {row}: {old:?} -> {new:?}")))
        }
    }
}

const WORDS: &[&str] = &[
    "approved", "consumed", "pending", "rejected", "revoked", "expired", "permit", "deny", "defer", "executed",
    "failed", "intended", "unknown", "admin", "agent", "approver", "on", "off", "active", "restored", "bot", "bob",
    "ann", "mallory", "s1", "",
];

/// Another value for a cell: a number moved (by one, by a day, to zero), a word of the vocabulary, a JSON leaf
/// changed, or `NULL`.
fn mutate(old: &Sql, rng: &mut Rng) -> Option<Sql> {
    Some(match old {
        Sql::Integer(i) => match rng.below(5) {
            0 => Sql::Integer(i + 1),
            1 => Sql::Integer(i - 1),
            2 => Sql::Integer(0),
            3 => Sql::Integer(i - 86_400_000),
            _ => Sql::Null,
        },
        Sql::Text(t) => {
            if let Ok(mut v) = serde_json::from_str::<Value>(t)
                && (v.is_object() || v.is_array())
                && rng.chance(2)
            {
                mutate_json(&mut v, rng);
                Sql::Text(v.to_string())
            } else if rng.chance(8) {
                Sql::Null
            } else {
                let word = rng.pick(WORDS).to_string();
                if &word == t { Sql::Text(format!("{t}x")) } else { Sql::Text(word) }
            }
        }
        Sql::Null => {
            if rng.chance(2) {
                Sql::Integer(1)
            } else {
                Sql::Text(rng.pick(WORDS).to_string())
            }
        }
        Sql::Real(r) => Sql::Real(r + 1.0),
        Sql::Blob(_) => return None,
    })
}

/// Changes one leaf of a JSON value: a number by one, a string, a boolean flipped, a null made a number.
fn mutate_json(v: &mut Value, rng: &mut Rng) {
    match v {
        Value::Object(map) if !map.is_empty() => {
            let key = map.keys().nth(rng.below(map.len())).cloned().unwrap();
            mutate_json(map.get_mut(&key).unwrap(), rng);
        }
        Value::Array(items) if !items.is_empty() => {
            let i = rng.below(items.len());
            mutate_json(&mut items[i], rng);
        }
        Value::Number(n) => {
            *v = match n.as_i64() {
                Some(i) => json!(if rng.chance(2) { i + 1 } else { 0 }),
                None => json!(0),
            }
        }
        Value::String(s) => *v = json!(format!("{}{}", rng.pick(WORDS), if s.is_empty() { "x" } else { "" })),
        Value::Bool(b) => *v = json!(!*b),
        Value::Null => *v = json!(1),
        _ => *v = json!(null),
    }
}

/// One edit of one journal event: a leaf of its data, its time or its kind; with the hashes of it and every later
/// event recomputed (a forger who knows the keyless chain rule) or left as they were.
fn edit_journal(c: &rusqlite::Connection, rng: &mut Rng, seq: i64) -> Option<(String, String, String)> {
    c.execute_batch("DROP TRIGGER IF EXISTS journal_no_update; DROP TRIGGER IF EXISTS journal_no_delete;").unwrap();
    let events: Vec<Event> = c
        .prepare("SELECT seq, ts_ms, kind, data, prev_hash, hash FROM journal ORDER BY seq")
        .unwrap()
        .query_map([], |r| {
            Ok(Event {
                seq: r.get::<_, i64>(0)? as u64,
                ts_ms: r.get(1)?,
                kind: EventKind::parse(&r.get::<_, String>(2)?).unwrap(),
                data: serde_json::from_str(&r.get::<_, String>(3)?).unwrap(),
                prev_hash: r.get(4)?,
                hash: r.get(5)?,
            })
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut events = events;
    let i = events.iter().position(|e| e.seq as i64 == seq)?;
    let before = events[i].clone();
    let field = match rng.below(6) {
        0 => {
            events[i].ts_ms += 1 + rng.below(100_000) as i64;
            "ts_ms"
        }
        1 => {
            events[i].kind = *rng.pick(&EventKind::ALL);
            "kind"
        }
        _ => {
            mutate_json(&mut events[i].data, rng);
            "data"
        }
    };
    if events[i] == before {
        return None;
    }
    let recompute = rng.chance(2);
    if recompute {
        let mut prev = if i == 0 { GENESIS_HASH.to_string() } else { events[i - 1].hash.clone() };
        for e in events.iter_mut().skip(i) {
            e.prev_hash.clone_from(&prev);
            e.hash = event_hash(e.seq, e.ts_ms, e.kind, &e.data, &e.prev_hash);
            prev.clone_from(&e.hash);
        }
    }
    for e in events.iter().skip(i) {
        c.execute(
            "UPDATE journal SET ts_ms = ?1, kind = ?2, data = ?3, prev_hash = ?4, hash = ?5 WHERE seq = ?6",
            rusqlite::params![
                e.ts_ms,
                e.kind.as_str(),
                foureyes_core::canonical::to_canonical_string(&e.data),
                e.prev_hash,
                e.hash,
                e.seq as i64
            ],
        )
        .unwrap();
    }
    let how = if recompute { "hashes recomputed" } else { "hashes kept" };
    Some((
        "journal".into(),
        field.into(),
        format!("journal seq {seq} {field} ({how}): {} -> {}", before.data, events[i].data),
    ))
}

/// What reported the edit, if anything.
async fn reported(path: &Path, note: &str, key: &SigningKey) -> Option<String> {
    let store = match SqliteStore::open(path, SqliteOptions::default()) {
        Ok(store) => store,
        Err(e) => return Some(format!("the store refused to open: {e}")),
    };
    let mut said = None;
    match store.verify_journal().await {
        Ok(r) if r.is_ok() => {}
        other => said = Some(format!("verify: {other:?}")),
    }
    if said.is_none() {
        match foureyes_store::checkpoint::verify_against(&store, &key.verifier(), note).await {
            Ok(r) if r.is_ok() => {}
            other => said = Some(format!("checkpoint: {other:?}")),
        }
    }
    if said.is_none() {
        match store.audit().await {
            Ok(a) if a.mismatches.is_empty() => {}
            Ok(a) => said = Some(format!("audit: {}", a.mismatches[0])),
            Err(e) => said = Some(format!("audit failed: {e}")),
        }
    }
    store.close();
    said
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_single_edit_is_reported_or_grants_nothing() {
    let cases: u64 = std::env::var("FOUREYES_TAMPER_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(24);
    let first: u64 = std::env::var("FOUREYES_TAMPER_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let policy = Arc::new(Policy::from_yaml("tamper.yaml", POLICY).unwrap());
    let key = SigningKey::from_seed("tamper-test", [7; 32]).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (mut silent_harmless, mut caught, mut gaps) = (0u64, 0u64, Vec::new());
    let mut violations = Vec::new();
    for seed in first..first + cases {
        let mut rng = Rng(seed);
        let honest = dir.path().join(format!("honest-{seed}.db"));
        let edited = dir.path().join(format!("edited-{seed}.db"));
        let mut log = Vec::new();
        let store = SqliteStore::open(&honest, SqliteOptions::default()).unwrap();
        let (made, mut now) = history(&store, &policy, &mut rng, &mut log).await;
        now += 1000;
        let (_, note) = foureyes_store::checkpoint::checkpoint(&store, &key, now).await.unwrap().unwrap();
        // Sometimes a few events after the checkpoint, which only a later checkpoint would cover.
        if rng.chance(2) {
            let r = request(format!("tail-{seed}"), "bot", "pay", json!({"amount_eur": 10}));
            let _ = store.decide(policy.clone(), r, now + 1000).await;
            log.push("tail: bot pays 10".into());
        }
        store.close();
        drop(store);
        copy_db(&honest, &edited);
        let described = {
            let c = rusqlite::Connection::open(&edited).unwrap();
            let mut tries = 0;
            loop {
                tries += 1;
                assert!(tries < 200, "seed {seed}: no possible edit");
                if let Some(done) = edit(&c, &mut rng) {
                    break done;
                }
            }
        };
        let (table, column, what) = described;
        let probe_at = now + 2000;
        if let Some(_by) = reported(&edited, &note, &key).await {
            caught += 1;
            continue;
        }
        let gap = KNOWN_GAPS.iter().find(|(t, c, _)| *t == table && (*c == "*" || *c == column));
        if let Some((_, _, why)) = gap {
            gaps.push(format!("seed {seed}: {what} — {why}"));
            continue;
        }
        let honest_seen = probe(&honest, &policy, &made, probe_at).await;
        let edited_seen = probe(&edited, &policy, &made, probe_at).await;
        match grants_more(&honest_seen, &edited_seen) {
            None => silent_harmless += 1,
            Some(granted) => violations.push(format!(
                "seed {seed}: `{what}` was reported by nothing and granted: {granted}\n  history: {log:#?}"
            )),
        }
    }
    eprintln!(
        "{cases} cases from seed {first}: {caught} edits reported, {silent_harmless} unreported but granting nothing, \
         {} known gaps, {} violations",
        gaps.len(),
        violations.len()
    );
    for g in &gaps {
        eprintln!("KNOWN GAP {g}");
    }
    assert!(violations.is_empty(), "{} edits silently accepted:\n{}", violations.len(), violations.join("\n"));
}

/// ADR-1160 (RED before: both were KNOWN GAPS, and the audit said "consistent"): on a store with a step-up approver
/// that used a code, every edit the generator makes of its `totp_secret` or its `totp_last_step` is named by the
/// audit, with the row and the column.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_edit_of_a_step_up_approvers_totp_columns_is_named_by_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    let honest = dir.path().join("honest.db");
    let store = SqliteStore::open(&honest, SqliteOptions::default()).unwrap();
    store.create_token("ann", Role::Approver, &token_hash("ann"), Some(TOTP_SECRET), T0).await.unwrap();
    assert!(store.accept_totp_step("ann", (T0 / 1000 / 30) as u64).await.unwrap());
    assert!(store.audit().await.unwrap().mismatches.is_empty());
    store.close();
    drop(store);
    let mut edits = 0;
    for (column, audited) in [("totp_secret", "totp_binding"), ("totp_last_step", "totp_last_step")] {
        for seed in 1..=16 {
            let mut rng = Rng(seed);
            let edited = dir.path().join(format!("edited-{column}-{seed}.db"));
            copy_db(&honest, &edited);
            let what = {
                let c = rusqlite::Connection::open(&edited).unwrap();
                let old: Sql =
                    c.query_row(&format!("SELECT {column} FROM tokens WHERE name = 'ann'"), [], |r| r.get(0)).unwrap();
                let Some(new) = mutate(&old, &mut rng) else { continue };
                c.execute(&format!("UPDATE tokens SET {column} = ?1 WHERE name = 'ann'"), [&new]).unwrap();
                format!("tokens.{column}: {old:?} -> {new:?}")
            };
            let store = SqliteStore::open(&edited, SqliteOptions::default()).unwrap();
            let audit = store.audit().await.unwrap();
            store.close();
            let expected = format!("tokens ann {audited}: journal says");
            assert!(
                audit.mismatches.iter().any(|m| m.starts_with(&expected)),
                "{what} is not named (`{expected}`): {:#?}",
                audit.mismatches
            );
            edits += 1;
        }
    }
    assert!(edits >= 24, "only {edits} edits made");
}
