//! Issue 13, "the record is the authority": attacks by someone with write access to the database (a compromised
//! host, a careless operator, a backup restored from the wrong place), through the `foureyes` binary, on SQLite and
//! on PostgreSQL (`FOUREYES_TEST_PG`, a superuser URL; unset is a failure, never a skip).
//!
//! - a journal rewritten with every hash recomputed, or with its tail dropped together with its table rows, still
//!   passes `journal verify` (a chain has no anchor) but not `journal verify --checkpoint` against a checkpoint
//!   signed before the rewrite: it exits 7 and says REWRITTEN or TRUNCATED;
//! - a decide (and `serve`) on a database whose chain is broken is refused, naming the first bad seq;
//! - an inclusion proof from `journal prove` checks with the public key alone, and a doctored one does not;
//! - a forged `approvals.status = 'approved'` row releases nothing, and names the row (ADR-150); zeroed reservations
//!   (ADR-180: the door decides on an authority state replayed from the journal, so a hand-edited reservation, vote,
//!   kill switch, credential role or demotion grants nothing).
#![allow(clippy::unwrap_used)]

use crate::pg_cluster::{Database, execute_blocking};
use crate::support;

use foureyes_core::journal::{Event, EventKind, GENESIS_HASH, event_hash};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

const POLICY: &str = "\
version: 1
actions:
  payments.batch:
    tier: 2
    params: { amount_eur: { type: number, min: 0.01, max: 500 } }
    budgets: [ { param: amount_eur, max: 1000, per: 24h } ]
  vault.open:
    tier: 3
    params: { door: { type: integer, min: 1, max: 9 } }
    approvals: { required: 2, ttl: 1h }
  climate.set:
    tier: 1
    params: { c: { type: number } }
    compensate: { action: climate.set }
session_trust:
  cooling_period: 30m
  demote_on: { flags: [prompt_injection] }
";

#[derive(Clone, Copy, Debug)]
enum Backend {
    Sqlite,
    Postgres,
}

struct Env {
    dir: tempfile::TempDir,
    db: String,
    backend: Backend,
    _pg: Option<Database>,
    /// The door seal's key file every command is given (FOUREYES_SEAL_KEY, ADR-420), when set.
    seal: Option<PathBuf>,
    /// The request memory every command is given (FOUREYES_REQUEST_MEMORY, ADR-373); unset: forever.
    request_memory: Option<&'static str>,
}

fn env(backend: Backend) -> Env {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("policy.yaml"), POLICY).unwrap();
    let (db, pg) = match backend {
        Backend::Sqlite => (dir.path().join("t.db").display().to_string(), None),
        Backend::Postgres => {
            let database = Database::create();
            (database.url.clone(), Some(database))
        }
    };
    Env { dir, db, backend, _pg: pg, seal: None, request_memory: None }
}

/// [`env`] whose every command holds a seal key (written here as `journal keygen` writes `seal.key`: 64 hex digits).
fn sealed_env(backend: Backend) -> Env {
    let mut e = env(backend);
    let key = e.path("seal.key");
    std::fs::write(&key, format!("{}\n", "5e".repeat(32))).unwrap();
    e.seal = Some(key);
    e
}

impl Env {
    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::new(BIN);
        c.arg("--db").arg(&self.db).arg("--policy").arg(self.path("policy.yaml")).args(args);
        c.env_remove("FOUREYES_DB").env_remove("FOUREYES_POLICY").env_remove("FOUREYES_SIGNING_KEY");
        match &self.seal {
            Some(key) => c.env("FOUREYES_SEAL_KEY", key),
            None => c.env_remove("FOUREYES_SEAL_KEY"),
        };
        c.env("FOUREYES_REQUEST_MEMORY", self.request_memory.unwrap_or("forever"));
        c
    }

    /// Appends one event after the head, chained and hashed as the door does, but without a seal: what a database
    /// writer who knows the (keyless) chain rule can do (attack 3, J4). Returns its seq.
    fn append_forged(&self, kind: EventKind, data: Value) -> u64 {
        let last = self.events().pop().unwrap();
        let e = Event::next(last.seq, &last.hash, last.ts_ms + 1, kind, data);
        let text = foureyes_core::canonical::to_canonical_string(&e.data);
        match self.backend {
            Backend::Sqlite => {
                rusqlite::Connection::open(&self.db)
                    .unwrap()
                    .execute(
                        "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        rusqlite::params![e.seq as i64, e.ts_ms, e.kind.as_str(), text, e.prev_hash, e.hash],
                    )
                    .unwrap();
            }
            Backend::Postgres => execute_blocking(
                &self.db,
                &format!(
                    "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash) VALUES ({}, {}, {}, {}, {}, {}); \
                     UPDATE journal_head SET seq = {}, hash = {};",
                    e.seq,
                    e.ts_ms,
                    quote(e.kind.as_str()),
                    quote(&text),
                    quote(&e.prev_hash),
                    quote(&e.hash),
                    e.seq,
                    quote(&e.hash)
                ),
            ),
        }
        e.seq
    }

    /// Appends one event after the head whose data is `data` exactly as written (canonical or not), hashed over that
    /// text (ADR-420's published rule, as attack 22's `forge22.py` does) and, when this env holds a seal key, sealed
    /// with it: what a database writer who knows the rule (and, on a sealed store, holds the key) can append. `ts_ms`:
    /// the head's time + 1 unless given. `move_head: false` leaves PostgreSQL's `journal_head` row where it was (SQLite
    /// has none: its head is the last row). Returns its seq.
    fn append_raw(&self, kind: &str, data: &str, ts_ms: Option<i64>, move_head: bool) -> u64 {
        let last = self.events().pop().unwrap();
        let (seq, ts_ms) = (last.seq + 1, ts_ms.unwrap_or(last.ts_ms + 1));
        let hash = foureyes_core::journal::hash_over(seq, ts_ms, EventKind::parse(kind).unwrap(), data, &last.hash);
        let seal = self.seal.as_ref().map(|file| {
            let hex = std::fs::read_to_string(file).unwrap();
            let bytes: Vec<u8> =
                (0..32).map(|i| u8::from_str_radix(&hex.trim()[2 * i..2 * i + 2], 16).unwrap()).collect();
            foureyes_core::seal::SealKey::from_bytes(&bytes.try_into().unwrap()).seal(&hash)
        });
        match self.backend {
            Backend::Sqlite => {
                rusqlite::Connection::open(&self.db)
                    .unwrap()
                    .execute(
                        "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash, seal) VALUES (?1, ?2, ?3, ?4, ?5, \
                         ?6, ?7)",
                        rusqlite::params![seq as i64, ts_ms, kind, data, last.hash, hash, seal],
                    )
                    .unwrap();
            }
            Backend::Postgres => {
                let seal = seal.as_deref().map_or("NULL".to_string(), quote);
                let head = if move_head {
                    format!("UPDATE journal_head SET seq = {seq}, hash = {};", quote(&hash))
                } else {
                    String::new()
                };
                execute_blocking(
                    &self.db,
                    &format!(
                        "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash, seal) VALUES ({seq}, {ts_ms}, {}, \
                         {}, {}, {}, {seal}); {head}",
                        quote(kind),
                        quote(data),
                        quote(&last.hash),
                        quote(&hash),
                    ),
                )
            }
        }
        seq
    }

    fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).output().unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(out.status.success(), "foureyes {args:?}: {}", text(&out.stderr));
        text(&out.stdout)
    }

    fn pay(&self, amount: &str) -> (i32, Value) {
        let params = format!(r#"{{"amount_eur": {amount}}}"#);
        let out = self.run(&["decide", "--agent", "bot", "--action", "payments.batch", "--params", &params, "--json"]);
        (out.status.code().unwrap_or(-1), serde_json::from_slice(&out.stdout).unwrap_or(Value::Null))
    }

    fn keygen(&self) -> (PathBuf, PathBuf) {
        let keys = self.path("keys");
        self.ok(&["journal", "keygen", "--out", keys.to_str().unwrap()]);
        (keys.join("journal.key"), keys.join("journal.pub"))
    }

    fn checkpoint(&self, key: &Path, out: &Path) {
        self.ok(&["journal", "checkpoint", "--signing-key", key.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    }

    fn verify_against(&self, checkpoint: &Path, public: &Path) -> Output {
        self.run(&[
            "journal",
            "verify",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--public-key",
            public.to_str().unwrap(),
        ])
    }

    /// Every event, in order.
    fn events(&self) -> Vec<Event> {
        let out = self.ok(&["journal", "tail", "-n", "100000", "--json"]);
        out.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    /// Replaces the whole journal with `events` (as a database writer can: triggers dropped or bypassed).
    fn write_journal(&self, events: &[Event]) {
        match self.backend {
            Backend::Sqlite => {
                // The record beside the database (`fe.db.head`, ADR-1400) is a hint anyone who can write the folder
                // can delete: a writer who rewrites events this database's doors committed moves it away too, or
                // every door refuses the file (F1448). What these tests ask is what the seal and the witness tell.
                let _ = std::fs::remove_file(format!("{}.head", self.db));
                let c = rusqlite::Connection::open(&self.db).unwrap();
                c.execute_batch("DROP TRIGGER journal_no_update; DROP TRIGGER journal_no_delete; DELETE FROM journal;")
                    .unwrap();
                for e in events {
                    c.execute(
                        "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        rusqlite::params![
                            e.seq as i64,
                            e.ts_ms,
                            e.kind.as_str(),
                            foureyes_core::canonical::to_canonical_string(&e.data),
                            e.prev_hash,
                            e.hash
                        ],
                    )
                    .unwrap();
                }
            }
            Backend::Postgres => {
                let mut sql = String::from("SET session_replication_role = replica; DELETE FROM journal;");
                for e in events {
                    sql.push_str(&format!(
                        "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash) VALUES ({}, {}, {}, {}, {}, {});",
                        e.seq,
                        e.ts_ms,
                        quote(e.kind.as_str()),
                        quote(&foureyes_core::canonical::to_canonical_string(&e.data)),
                        quote(&e.prev_hash),
                        quote(&e.hash)
                    ));
                }
                if let Some(last) = events.last() {
                    sql.push_str(&format!("UPDATE journal_head SET seq = {}, hash = {};", last.seq, quote(&last.hash)));
                }
                execute_blocking(&self.db, &sql);
            }
        }
    }

    /// Runs SQL on the database as its owner (a database writer), triggers bypassed.
    fn sql(&self, sql: &str) {
        match self.backend {
            Backend::Sqlite => rusqlite::Connection::open(&self.db).unwrap().execute_batch(sql).unwrap(),
            Backend::Postgres => execute_blocking(
                &self.db,
                &format!(
                    "SET session_replication_role = replica; {}",
                    sql.replace("DROP TRIGGER IF EXISTS journal_no_update;", "")
                ),
            ),
        }
    }
}

fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Recomputes every `prev_hash` and `hash`, as a forger who knows the (keyless) chain rule does.
fn rechain(events: &mut [Event]) {
    let mut prev = GENESIS_HASH.to_string();
    for e in events.iter_mut() {
        e.prev_hash.clone_from(&prev);
        e.hash = event_hash(e.seq, e.ts_ms, e.kind, &e.data, &e.prev_hash);
        prev.clone_from(&e.hash);
    }
}

// -------------------------------------------------------------------------------------------------------------
// The attacks.

/// RED before issue 13 (no checkpoints: `journal verify --checkpoint` did not exist, and nothing anchored the chain):
/// event 2's amount is rewritten and every hash after it recomputed. The chain verifies on its own, an export of it
/// verifies, and only the checkpoint signed before the rewrite shows it: exit 7, REWRITTEN.
fn a_journal_rewritten_with_recomputed_hashes_fails_against_a_signed_checkpoint(backend: Backend) {
    let e = env(backend);
    for amount in ["100", "200", "300"] {
        assert_eq!(e.pay(amount).0, 0);
    }
    let (key, public) = e.keygen();
    let cp = e.path("checkpoint.txt");
    e.checkpoint(&key, &cp);
    assert_eq!(e.pay("50").0, 0);
    let out = e.verify_against(&cp, &public);
    assert_eq!(out.status.code(), Some(0), "honest journal: {}{}", text(&out.stdout), text(&out.stderr));

    let mut events = e.events();
    let decided = events.iter().position(|ev| ev.kind == EventKind::Decided).unwrap();
    events[decided].data["forged"] = Value::Bool(true);
    events[decided].ts_ms -= 1000;
    rechain(&mut events);
    e.write_journal(&events);

    let plain = e.run(&["journal", "verify"]);
    assert_eq!(plain.status.code(), Some(0), "a keyless chain cannot see this: {}", text(&plain.stdout));
    let export = e.path("export.jsonl");
    e.ok(&["journal", "export", export.to_str().unwrap()]);
    assert_eq!(e.run(&["journal", "verify", "--file", export.to_str().unwrap()]).status.code(), Some(0));

    let out = e.verify_against(&cp, &public);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(7), "{said}{}", text(&out.stderr));
    assert!(said.contains("REWRITTEN"), "{said}");
}

/// RED before issue 13: the last two decisions are dropped with their journal events and table rows (and the
/// checkpoint event after them, and the `checkpoint_size` setting it left, which the audit compares since ADR-200);
/// `journal verify` and `audit` say all is well, the signed checkpoint says TRUNCATED.
fn a_journal_whose_tail_was_dropped_fails_against_a_signed_checkpoint(backend: Backend) {
    let e = env(backend);
    for amount in ["100", "200", "300", "400"] {
        assert_eq!(e.pay(amount).0, 0);
    }
    let (key, public) = e.keygen();
    let cp = e.path("checkpoint.txt");
    e.checkpoint(&key, &cp);
    let events = e.events();
    let decided: Vec<&Event> = events.iter().filter(|ev| ev.kind == EventKind::Decided).collect();
    let cut = decided[decided.len() - 2].seq;
    let last_two: Vec<i64> =
        decided[decided.len() - 2..].iter().map(|ev| ev.data["decision_id"].as_i64().unwrap()).collect();
    let kept: Vec<Event> = events.into_iter().filter(|ev| ev.seq < cut).collect();
    e.write_journal(&kept);
    let ids = format!("{}, {}", last_two[0], last_two[1]);
    e.sql(&format!(
        "DELETE FROM reservations WHERE decision_id IN ({ids}); DELETE FROM idempotency WHERE decision_id IN ({ids}); \
         DELETE FROM decisions WHERE id IN ({ids}); DELETE FROM settings WHERE name = 'checkpoint_size';"
    ));

    assert_eq!(e.run(&["journal", "verify"]).status.code(), Some(0));
    let audit = e.run(&["journal", "audit"]);
    assert_eq!(audit.status.code(), Some(0), "the tables agree with the shortened journal: {}", text(&audit.stdout));
    let out = e.verify_against(&cp, &public);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(7), "{said}{}", text(&out.stderr));
    assert!(said.contains("TRUNCATED"), "{said}");
}

/// RED before issue 13 (seed 003: a break in sequence or hash stops the loading of the journal): a byte of event
/// 2's data is changed without recomputing anything. `decide` used to decide (and journal) on top of it; now it and
/// `serve` refuse with exit 7, naming seq 2, and nothing is appended.
fn a_decide_on_a_broken_chain_is_refused_naming_the_seq(backend: Backend) {
    let e = env(backend);
    for amount in ["100", "200"] {
        assert_eq!(e.pay(amount).0, 0);
    }
    let head = e.events().len();
    let broken = 2;
    e.sql("DROP TRIGGER IF EXISTS journal_no_update; UPDATE journal SET ts_ms = ts_ms + 1 WHERE seq = 2;");
    let (code, _) = e.pay("10");
    assert_eq!(code, 7, "a decide on a broken chain must be refused");
    let out = e.run(&["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 10}"#]);
    let said = text(&out.stderr);
    assert!(said.contains(&format!("seq {broken}")), "names the first bad seq {broken}: {said}");
    let serve = e.run(&["serve", "--listen", "127.0.0.1:0"]);
    assert_eq!(serve.status.code(), Some(7), "serve refuses to start: {}", text(&serve.stderr));
    assert!(text(&serve.stderr).contains(&format!("seq {broken}")), "{}", text(&serve.stderr));
    assert_eq!(e.events().len(), head, "nothing was appended to the broken journal");
}

/// An inclusion proof checks with the public key alone, and fails once the event, the path or the checkpoint is
/// doctored.
fn an_inclusion_proof_checks_with_the_public_key_alone(backend: Backend) {
    let e = env(backend);
    for amount in ["100", "200", "300"] {
        assert_eq!(e.pay(amount).0, 0);
    }
    let (key, public) = e.keygen();
    let cp = e.path("checkpoint.txt");
    e.checkpoint(&key, &cp);
    let proof_text = e.ok(&["journal", "prove", "3"]);
    let proof_file = e.path("proof.json");
    std::fs::write(&proof_file, &proof_text).unwrap();
    let check = |file: &Path| {
        Command::new(BIN)
            .args(["journal", "verify-proof", "--proof", file.to_str().unwrap(), "--public-key"])
            .arg(&public)
            .env_remove("FOUREYES_DB")
            .output()
            .unwrap()
    };
    let out = check(&proof_file);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));

    let proof: Value = serde_json::from_str(&proof_text).unwrap();
    let mut doctored = proof.clone();
    doctored["event"]["ts_ms"] = Value::from(doctored["event"]["ts_ms"].as_i64().unwrap() + 1);
    let mut rehashed: Event = serde_json::from_value(doctored["event"].clone()).unwrap();
    rehashed.hash = event_hash(rehashed.seq, rehashed.ts_ms, rehashed.kind, &rehashed.data, &rehashed.prev_hash);
    let mut with_new_hash = proof.clone();
    with_new_hash["event"] = serde_json::to_value(&rehashed).unwrap();
    let mut other_size = proof.clone();
    other_size["size"] = Value::from(proof["size"].as_u64().unwrap() + 1);
    for (what, bad) in [("edited event", doctored), ("edited and rehashed event", with_new_hash), ("size", other_size)]
    {
        std::fs::write(&proof_file, serde_json::to_string(&bad).unwrap()).unwrap();
        let out = check(&proof_file);
        assert_eq!(out.status.code(), Some(7), "{what}: {}{}", text(&out.stdout), text(&out.stderr));
    }
}

/// `serve --signing-key` checkpoints as events arrive, appends each checkpoint it journaled to its witness file,
/// serves the newest at `GET /v1/checkpoint` and proofs at `GET /v1/journal/{seq}/proof` that `journal verify-proof`
/// accepts. On PostgreSQL two replicas sign: the journaled checkpoints form one sequence of growing sizes, and every
/// note in either witness file is one of them.
fn serve_signs_checkpoints_into_a_witness_file_and_serves_them(backend: Backend) {
    let e = env(backend);
    let (key, public) = e.keygen();
    let token: Value =
        serde_json::from_str(&e.ok(&["token", "create", "--name", "ada", "--role", "admin", "--json"])).unwrap();
    let token = token["token"].as_str().unwrap().to_string();
    let replicas = match backend {
        Backend::Sqlite => 1,
        Backend::Postgres => 2,
    };
    let mut servers = Vec::new();
    for i in 0..replicas {
        let witness = e.path(&format!("witness-{i}.txt"));
        let mut child = e
            .cmd(&["serve", "--listen", "127.0.0.1:0", "--signing-key", key.to_str().unwrap()])
            .args(["--checkpoint-every", "2", "--checkpoint-seconds", "0.2", "--witness"])
            .arg(&witness)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let child = support::KillOnDrop(child);
        let addr = support::announced(stdout, "the server printed no address", |line| {
            line.split(" on http://").nth(1).map(|url| url.trim().to_string())
        });
        servers.push((child, addr, witness));
    }
    for amount in ["10", "20", "30", "40", "50"] {
        assert_eq!(e.pay(amount).0, 0);
    }
    // The newest event that is not a checkpoint, by its seq: a checkpoint's size counts the checkpoints before it too,
    // so a count of the other events let a checkpoint that missed the last payment pass (F387).
    let head = e.events().iter().filter(|ev| ev.kind != EventKind::Checkpoint).map(|ev| ev.seq).max().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut unchanged = (Vec::new(), std::time::Instant::now());
    let checkpoints = loop {
        let sizes: Vec<u64> = e
            .events()
            .iter()
            .filter(|ev| ev.kind == EventKind::Checkpoint)
            .map(|ev| ev.data["size"].as_u64().unwrap())
            .collect();
        if sizes != unchanged.0 {
            unchanged = (sizes.clone(), std::time::Instant::now());
        }
        // And no replica signed a newer one for a second (five checkpoint periods): on PostgreSQL a replica may
        // still sign a checkpoint over the other's after the covering one, between the two reads below (F387).
        if sizes.last().is_some_and(|s| *s >= head) && unchanged.1.elapsed() >= std::time::Duration::from_secs(1) {
            break sizes;
        }
        assert!(std::time::Instant::now() < deadline, "no checkpoint covering {head} events: {sizes:?}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert!(checkpoints.windows(2).all(|w| w[0] < w[1]), "one growing sequence: {checkpoints:?}");
    let mut witnessed = Vec::new();
    for (_, _, witness) in &servers {
        let text = std::fs::read_to_string(witness).unwrap_or_default();
        witnessed.extend(foureyes_core::checkpoint::split_notes(&text));
    }
    let key_text = std::fs::read_to_string(&public).unwrap();
    let verifier = foureyes_core::checkpoint::VerifierKey::parse(&key_text).unwrap();
    let mut sizes: Vec<u64> = witnessed.iter().map(|n| verifier.open(n).unwrap().size).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, checkpoints, "each journaled checkpoint is in exactly one witness file");

    let (_, addr, _) = &servers[0];
    let get = |path: &str| {
        let (status, body) =
            support::http_bytes(addr, "GET", path, &token, None, std::time::Duration::from_secs(10)).unwrap();
        (status, serde_json::from_slice::<Value>(&body).unwrap())
    };
    let (status, newest) = get("/v1/checkpoint");
    assert_eq!(status, 200, "{newest}");
    assert_eq!(newest["size"].as_u64(), checkpoints.last().copied());
    let (status, proof) = get("/v1/journal/3/proof");
    assert_eq!(status, 200, "{proof}");
    assert_eq!(proof["checkpoint"], newest["note"]);
    let proof_file = e.path("proof.json");
    std::fs::write(&proof_file, proof.to_string()).unwrap();
    let out = e.run(&[
        "journal",
        "verify-proof",
        "--proof",
        proof_file.to_str().unwrap(),
        "--public-key",
        public.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let (status, _) = get("/v1/journal/100000/proof");
    assert_eq!(status, 404);
}

/// F140: a forged `approvals` row (status approved, no votes; the policy needs
/// two people) must not release the action, and must be named.
fn a_forged_approval_row_releases_nothing(backend: Backend) {
    let e = env(backend);
    let out = e.run(&["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#, "--json"]);
    assert_eq!(out.status.code(), Some(11));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = v["approval_id"].as_i64().unwrap().to_string();
    e.sql(&format!("UPDATE approvals SET status = 'approved', decided_by = 'mallory' WHERE id = {id}"));
    let out =
        e.run(&["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#, "--approval", &id]);
    assert_ne!(out.status.code(), Some(0), "a forged approval released the action: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains(&format!("approval {id}")), "names the row: {}", text(&out.stderr));
}

/// F174 (RED before ADR-180: the usage was a SUM over the rows, and 1200 EUR was permitted): after 900 EUR of a 1000 EUR/day budget, the reservations are zeroed;
/// the next 300 EUR must not be permitted, and `journal audit` must name the edited rows.
fn zeroed_reservations_do_not_overspend(backend: Backend) {
    let e = env(backend);
    for amount in ["300", "300", "300"] {
        assert_eq!(e.pay(amount).0, 0);
    }
    e.sql("UPDATE reservations SET units = 0, amount = '0'");
    let audit = e.run(&["journal", "audit"]);
    assert_eq!(audit.status.code(), Some(7), "audit must see the zeroed rows: {}", text(&audit.stdout));
    assert!(text(&audit.stdout).contains("reservation"), "{}", text(&audit.stdout));
    let (code, v) = e.pay("300");
    assert_ne!(code, 0, "1200 EUR of a 1000 EUR budget was permitted: {v}");
}

/// F170 (RED before ADR-180: bob's vote completed the approval, the journal recorded `["ann", "bob"]` as its
/// approvers and the release was permitted): a vote row inserted by hand counts for nothing. Bob's vote on an approval
/// whose votes differ from its journal is refused, naming the approval, and the release is not permitted.
fn a_vote_inserted_by_hand_counts_for_nothing(backend: Backend) {
    let e = env(backend);
    let open = ["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#];
    let out = e.run(&[&open[..], &["--json"]].concat());
    assert_eq!(out.status.code(), Some(11));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = v["approval_id"].as_i64().unwrap().to_string();
    e.sql(&format!("INSERT INTO approval_votes (approval_id, approver, ts_ms) VALUES ({id}, 'ann', 1)"));
    let vote = e.run(&["approvals", "approve", &id, "--as", "bob"]);
    let out = e.run(&[&open[..], &["--approval", &id]].concat());
    assert_ne!(out.status.code(), Some(0), "a forged vote released the action: {}", text(&out.stdout));
    assert_ne!(vote.status.code(), Some(0), "bob's vote completed a forged approval: {}", text(&vote.stdout));
    assert!(text(&vote.stderr).contains(&format!("approval {id}")), "names the row: {}", text(&vote.stderr));
}

/// F171 (RED before ADR-180: the decide read the `settings` row and permitted): the kill switch engaged by the door
/// and turned off by hand in `settings` still stops every action.
fn a_kill_switch_turned_off_by_hand_still_stops_actions(backend: Backend) {
    let e = env(backend);
    e.ok(&["kill-switch", "on", "--as", "ops"]);
    e.sql("UPDATE settings SET value = 'off' WHERE name = 'kill_switch'");
    let (code, v) = e.pay("10");
    assert_ne!(code, 0, "the hand-edited kill switch let an action through: {v}");
    assert_ne!(v["verdict"], "permit", "{v}");
    assert!(v["reasons"].to_string().contains("kill_switch"), "{v}");
}

/// F172 (RED before ADR-180: the decide read `session_demotions` and the session ran tier-1 actions unheld): a
/// session demoted by the door and ended by hand in the table is still demoted.
fn a_demotion_ended_by_hand_still_holds(backend: Backend) {
    let e = env(backend);
    let heat = ["decide", "--agent", "bot", "--session", "s1", "--action", "climate.set", "--params", r#"{"c": 20}"#];
    let out = e.run(&[&heat[..], &["--flag", "prompt_injection", "--json"]].concat());
    assert_eq!(out.status.code(), Some(11), "the flagged request is held: {}", text(&out.stdout));
    e.sql("UPDATE session_demotions SET status = 'restored', ended_ms = 1, ended_by = 'mallory', ended_reason = 'x'");
    let out = e.run(&[&heat[..], &["--json"]].concat());
    assert_eq!(out.status.code(), Some(11), "the demotion ended by hand no longer held: {}", text(&out.stdout));
    assert!(text(&out.stdout).contains("session_demoted"), "{}", text(&out.stdout));
}

/// F173 (RED before ADR-180: the server believed the `tokens` row and the agent flipped the kill switch): an agent
/// credential whose role is changed to `admin` by hand is refused at use, naming the row, and changes nothing.
fn a_credential_role_edited_by_hand_grants_nothing(backend: Backend) {
    let e = env(backend);
    let created: Value =
        serde_json::from_str(&e.ok(&["token", "create", "--name", "bot", "--role", "agent", "--json"])).unwrap();
    let token = created["token"].as_str().unwrap().to_string();
    e.sql("UPDATE tokens SET role = 'admin' WHERE name = 'bot'");
    let mut child = e
        .cmd(&["serve", "--listen", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let _child = support::KillOnDrop(child);
    let addr = support::announced(stdout, "the server printed no address", |line| {
        line.split(" on http://").nth(1).map(|url| url.trim().to_string())
    });
    let body = serde_json::json!({"engaged": true});
    let (status, answer) =
        support::http_bytes(&addr, "POST", "/v1/kill-switch", &token, Some(&body), std::time::Duration::from_secs(10))
            .unwrap();
    assert_ne!(status, 200, "an agent made admin by hand flipped the kill switch: {}", text(&answer));
    let engaged: Value = serde_json::from_str(&e.ok(&["kill-switch", "status", "--json"])).unwrap();
    assert_eq!(engaged["engaged"], false, "{engaged}");
    assert!(text(&answer).contains("bot"), "names the credential: {}", text(&answer));
    let refused = e.events().into_iter().any(|ev| {
        ev.kind == EventKind::Refused && ev.data["code"] == "record_altered" && ev.data.to_string().contains("tokens")
    });
    assert!(refused, "the refusal is journaled");
}

// -------------------------------------------------------------------------------------------------------------
// `journal audit` compares every column the journal can replay (issue 13). Each edit below was reported
// `consistent` by the audit before it compared more than statuses, held flags and reservation grants.

/// A history that touches every audited table: payments (decisions, idempotency, reservations), a deferral with one
/// vote of two (approvals, approval_votes), a flagged session (session_demotions), a credential (tokens) and a
/// policy (settings).
fn audited_history(backend: Backend) -> Env {
    // POLICY already demotes a session on `prompt_injection` (the F172 test needs it too).
    let e = env(backend);
    for amount in ["300", "300"] {
        assert_eq!(e.pay(amount).0, 0);
    }
    let out = e.run(&["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#, "--json"]);
    assert_eq!(out.status.code(), Some(11), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = v["approval_id"].as_i64().unwrap().to_string();
    e.ok(&["approvals", "approve", &id, "--as", "ann"]);
    let out = e.run(&[
        "decide",
        "--agent",
        "bot",
        "--session",
        "s1",
        "--action",
        "payments.batch",
        "--params",
        r#"{"amount_eur": 1}"#,
        "--flag",
        "prompt_injection",
    ]);
    assert_eq!(out.status.code(), Some(11), "the flagged request demotes its session: {}", text(&out.stderr));
    e.ok(&["token", "create", "--name", "eve", "--role", "approver"]);
    let audit = e.run(&["journal", "audit", "--json"]);
    assert_eq!(audit.status.code(), Some(0), "the honest history audits clean: {}", text(&audit.stdout));
    e
}

/// Edits the database as its writer, then expects `journal audit` to exit 7 and name `table id field` (in
/// `--json` and in text). An empty `id` is any row; an empty `field` is a whole row.
fn audit_names(e: &Env, edit: &str, table: &str, id: &str, field: &str) {
    e.sql(edit);
    let out = e.run(&["journal", "audit", "--json"]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    assert_eq!(out.status.code(), Some(7), "`{edit}` was not reported: {report:#}");
    let named = report["differences"].as_array().into_iter().flatten().any(|d| {
        d["table"] == table
            && (id.is_empty() || d["id"] == id)
            && (d["field"] == field || (field.is_empty() && d["field"].is_null()))
    });
    assert!(named, "`{edit}` must be named as {table} {id} {field}: {report:#}");
    let plain = text(&e.run(&["journal", "audit"]).stdout);
    assert!(plain.contains(&format!("{table} {id}")), "{plain}");
}

/// RED before: a denied-looking history turned permitted in `decisions` (verdict, tier) went unseen; so did a
/// decision whose stored digest is not its request's.
fn audit_names_an_edited_decision(backend: Backend) {
    let e = audited_history(backend);
    audit_names(&e, "UPDATE decisions SET tier = 0 WHERE id = 1", "decisions", "1", "tier");
    e.sql("UPDATE decisions SET tier = 2 WHERE id = 1");
    audit_names(&e, "UPDATE decisions SET digest = 'forged' WHERE id = 2", "decisions", "2", "digest");
    let out = e.run(&["journal", "audit"]);
    assert!(text(&out.stdout).contains("recomputed from the row's stored request"), "{}", text(&out.stdout));
}

/// RED before: a reservation moved out of its budget window (`ts_ms` a day earlier) frees the budget and was not
/// reported.
fn audit_names_an_edited_reservation(backend: Backend) {
    let e = audited_history(backend);
    audit_names(&e, "UPDATE reservations SET ts_ms = ts_ms - 86400000 WHERE id = 1", "reservations", "1", "ts_ms");
}

/// RED before: an approval needing one vote instead of two was not reported.
fn audit_names_an_edited_approval(backend: Backend) {
    let e = audited_history(backend);
    audit_names(&e, "UPDATE approvals SET required = 1 WHERE id = 1", "approvals", "1", "required");
}

/// RED before: a vote nobody cast was not reported.
fn audit_names_a_forged_vote(backend: Backend) {
    let e = audited_history(backend);
    audit_names(
        &e,
        "INSERT INTO approval_votes (approval_id, approver, ts_ms) VALUES (1, 'mallory', 0)",
        "approval_votes",
        "1/mallory",
        "",
    );
}

/// RED before: a demotion moved to another session (so `s1` is trusted again) was not reported.
fn audit_names_an_edited_demotion(backend: Backend) {
    let e = audited_history(backend);
    audit_names(&e, "UPDATE session_demotions SET session = 'other' WHERE id = 1", "session_demotions", "1", "session");
}

/// RED before: a credential's role raised to admin was not reported.
fn audit_names_an_edited_credential(backend: Backend) {
    let e = audited_history(backend);
    audit_names(&e, "UPDATE tokens SET role = 'admin' WHERE name = 'eve'", "tokens", "eve", "role");
}

/// RED before: the idempotency entry of a request pointed at another decision was not reported.
fn audit_names_an_edited_idempotency_entry(backend: Backend) {
    let e = audited_history(backend);
    audit_names(&e, "UPDATE idempotency SET decision_id = 1 WHERE decision_id = 2", "idempotency", "", "decision_id");
}

/// RED before: the policy hash in `settings` was not compared.
fn audit_names_an_edited_setting(backend: Backend) {
    let e = audited_history(backend);
    audit_names(
        &e,
        "UPDATE settings SET value = 'forged' WHERE name = 'policy_sha256'",
        "settings",
        "policy_sha256",
        "value",
    );
}

// -------------------------------------------------------------------------------------------------------------
// ADR-240: a decision row and an idempotency row are believed only as the journal tells them (attack 3, C1–C4).

fn altered_refusal_journaled(e: &Env, table: &str) -> bool {
    e.events().into_iter().any(|ev| {
        ev.kind == EventKind::Refused && ev.data["code"] == "record_altered" && ev.data["input"]["table"] == table
    })
}

/// F230 (C1, RED before ADR-240: the retry answered permit with `replayed: true` and `report` journaled `executed`):
/// a denied decision edited to permit/intended is neither replayed as a permit nor reported, and both are refused
/// naming the row.
fn a_denied_decision_edited_to_permit_is_not_replayed_or_reported(backend: Backend) {
    let e = env(backend);
    let pay = ["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 600}"#];
    let ask = [&pay[..], &["--request-id", "r1", "--json"]].concat();
    let out = e.run(&ask);
    assert_ne!(out.status.code(), Some(0), "600 EUR is over the 500 EUR bound: {}", text(&out.stdout));
    e.sql("UPDATE decisions SET verdict = 'permit', status = 'intended' WHERE id = 1");
    let out = e.run(&ask);
    assert_ne!(out.status.code(), Some(0), "the edited row was replayed as a permit: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains("decision 1"), "names the row: {}", text(&out.stderr));
    let out = e.run(&["report", "1", "--outcome", "executed"]);
    assert_ne!(out.status.code(), Some(0), "a denied decision was reported executed: {}", text(&out.stdout));
    assert!(!e.events().iter().any(|ev| ev.kind == EventKind::Executed), "nothing was journaled as executed");
    assert!(altered_refusal_journaled(&e, "decisions"), "the refusal is journaled naming the table");
}

/// F231 (C2, RED before ADR-240: the retry answered permit): a deferral edited to permit/intended is not replayed.
fn a_deferral_edited_to_permit_is_not_replayed(backend: Backend) {
    let e = env(backend);
    let open =
        ["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#, "--request-id", "v1"];
    assert_eq!(e.run(&open).status.code(), Some(11));
    e.sql("UPDATE decisions SET verdict = 'permit', status = 'intended' WHERE id = 1");
    let out = e.run(&open);
    assert_ne!(out.status.code(), Some(0), "the edited deferral was replayed as a permit: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains("decision 1"), "names the row: {}", text(&out.stderr));
    assert!(altered_refusal_journaled(&e, "decisions"));
}

/// F232 (C3, RED before ADR-240: the deferred request got the other decision's permit): an idempotency row pointed at
/// another (permitted) decision is refused, naming the row.
fn an_idempotency_row_pointed_elsewhere_is_refused(backend: Backend) {
    let e = env(backend);
    let pay = ["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 10}"#];
    assert_eq!(e.run(&[&pay[..], &["--request-id", "ok1"]].concat()).status.code(), Some(0));
    let open =
        ["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#, "--request-id", "v1"];
    assert_eq!(e.run(&open).status.code(), Some(11));
    e.sql("UPDATE idempotency SET decision_id = 1 WHERE request_id = 'v1'");
    let out = e.run(&open);
    assert_ne!(out.status.code(), Some(0), "the repointed row answered the deferral: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains("idempotency"), "names the table: {}", text(&out.stderr));
    assert!(altered_refusal_journaled(&e, "idempotency"));
    // A row deleted from under a journaled request id does not decide it afresh either.
    e.sql("DELETE FROM idempotency WHERE request_id = 'v1'");
    assert_ne!(e.run(&open).status.code(), Some(11), "the deleted row let the request be decided again");
}

/// F233 (C4, RED before ADR-240: each `failed` report was accepted and released the reservations again; 2000 EUR
/// were permitted against a 1000 EUR/day budget): executed decisions set back to `intended` by hand cannot be
/// reported `failed`, and release nothing.
fn an_executed_decision_set_back_by_hand_releases_nothing(backend: Backend) {
    let e = env(backend);
    for id in ["1", "2", "3", "4"] {
        assert_eq!(e.pay("250").0, 0);
        e.ok(&["report", id, "--outcome", "executed"]);
    }
    e.sql("UPDATE decisions SET status = 'intended', reported_ms = NULL, report_detail = NULL");
    for id in ["1", "2", "3", "4"] {
        let out = e.run(&["report", id, "--outcome", "failed"]);
        assert_ne!(out.status.code(), Some(0), "decision {id} was re-reported failed: {}", text(&out.stdout));
        assert!(text(&out.stderr).contains(&format!("decision {id}")), "{}", text(&out.stderr));
    }
    let (code, v) = e.pay("250");
    assert_ne!(code, 0, "1250 EUR of a 1000 EUR budget was permitted: {v}");
    assert!(!e.events().iter().any(|ev| ev.kind == EventKind::Failed), "no failure was journaled");
}

/// F234 (K1–K4, RED before ADR-241: `kill-switch status` said OFF, read from the row): the kill switch engaged by the
/// door and turned off (or deleted) by hand in `settings` is still shown engaged, as the journal says.
fn kill_switch_status_tells_the_journal_not_the_row(backend: Backend) {
    let e = env(backend);
    e.ok(&["kill-switch", "on", "--as", "ops"]);
    for edit in [
        "UPDATE settings SET value = 'off' WHERE name = 'kill_switch'",
        "DELETE FROM settings WHERE name = 'kill_switch'",
    ] {
        e.sql(edit);
        let status: Value = serde_json::from_str(&e.ok(&["kill-switch", "status", "--json"])).unwrap();
        assert_eq!(status["engaged"], true, "after `{edit}` the status said: {status}");
    }
}

/// F380 (attack 22, `ks22.sh`; RED before the fix: `journal audit` exited 7, "settings kill_switch: in the table
/// (value=off) but never journaled"): an admin's `kill-switch off` on a store whose switch was never engaged wrote the
/// row with no event, so an ordinary command made the store look edited by hand. A switch that does not change writes
/// nothing the journal does not say; one set back by hand still follows the journal.
fn a_kill_switch_set_to_what_it_is_leaves_the_tables_as_the_journal_says(backend: Backend) {
    let e = env(backend);
    let audit = |when: &str| {
        let out = e.run(&["journal", "audit"]);
        assert_eq!(out.status.code(), Some(0), "{when}: {}{}", text(&out.stdout), text(&out.stderr));
    };
    e.ok(&["kill-switch", "off", "--as", "ops"]);
    audit("after a bare `kill-switch off`");
    e.ok(&["kill-switch", "on", "--as", "ops"]);
    e.ok(&["kill-switch", "on", "--as", "ops"]);
    audit("after `on` twice");
    e.sql("UPDATE settings SET value = 'off' WHERE name = 'kill_switch'");
    e.ok(&["kill-switch", "on", "--as", "ops"]);
    audit("after an `on` over a row set back by hand");
    e.ok(&["kill-switch", "off", "--as", "ops"]);
    e.ok(&["kill-switch", "off", "--as", "ops"]);
    audit("after `off` twice");
}

// -------------------------------------------------------------------------------------------------------------
// Outside attack 3, what ADR-180/240 left open (helper authority3): R, S2, S4, S5, S6, C5.

impl Env {
    /// Starts `serve` with `extra` arguments; its address, or its exit status and stderr when it refuses to start.
    fn start_serve(&self, extra: &[&str]) -> Result<(support::KillOnDrop, String), (Option<i32>, String)> {
        let mut child = self
            .cmd(&[&["serve", "--listen", "127.0.0.1:0"][..], extra].concat())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(url) = line.split(" on http://").nth(1) {
                    let _ = tx.send(url.trim().to_string());
                }
            }
        });
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            if let Ok(addr) = rx.try_recv() {
                std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::stderr()));
                return Ok((support::KillOnDrop(child), addr));
            }
            if let Some(status) = child.try_wait().unwrap() {
                let mut err = String::new();
                std::io::Read::read_to_string(&mut stderr, &mut err).unwrap();
                return Err((status.code(), err));
            }
            assert!(std::time::Instant::now() < deadline, "serve neither started nor exited");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// A copy of the whole database as it is now (a backup), to restore with [`Env::restore`].
    fn backup(&self) -> Vec<Event> {
        if let Backend::Sqlite = self.backend {
            // The record of what its doors committed (`DB.head`, ADR-1400) is copied with the database, as a copy of
            // its directory carries it: put back together, they are the rollback only a witness tells (ADR-1440).
            for suffix in ["", "-wal", "-shm", ".head"] {
                let from = format!("{}{suffix}", self.db);
                if Path::new(&from).exists() {
                    std::fs::copy(&from, format!("{}.bak{suffix}", self.db)).unwrap();
                }
            }
        }
        self.events()
    }

    /// A copy of a namespace's SQLite store (`VACUUM INTO`: consistent while a server writes it).
    fn ns_backup(&self, ns_db: &str) {
        let copy = format!("{ns_db}.bak");
        let _ = std::fs::remove_file(&copy);
        rusqlite::Connection::open(ns_db).unwrap().execute("VACUUM INTO ?1", [&copy]).unwrap();
        // The record of what its doors committed goes with the copy, as `backup` keeps it (ADR-1440 (3)): put back
        // together, only the witness tells the rollback (a record left in place is refused first, ADR-409).
        let _ = std::fs::copy(format!("{ns_db}.head"), format!("{copy}.head"));
    }

    /// Puts [`Env::ns_backup`]'s copy back in place of the namespace's store.
    fn ns_restore(&self, ns_db: &str) {
        for suffix in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{ns_db}{suffix}"));
        }
        std::fs::copy(format!("{ns_db}.bak"), ns_db).unwrap();
        let _ = std::fs::copy(format!("{ns_db}.bak.head"), format!("{ns_db}.head"));
    }

    /// Puts a backup back: the whole file on SQLite, the journal on PostgreSQL.
    fn restore(&self, backup: &[Event]) {
        match self.backend {
            Backend::Sqlite => {
                for suffix in ["", "-wal", "-shm", ".head"] {
                    let (from, to) = (format!("{}.bak{suffix}", self.db), format!("{}{suffix}", self.db));
                    let _ = std::fs::remove_file(&to);
                    if Path::new(&from).exists() {
                        std::fs::copy(&from, &to).unwrap();
                    }
                }
            }
            // The journal, and the setting a restored database would have had.
            Backend::Postgres => {
                self.write_journal(backup);
                self.sql("DELETE FROM settings WHERE name = 'checkpoint_size'");
            }
        }
    }
}

/// F270 (R, RED before: `serve --witness` started on a restored copy without looking at its witness and signed the
/// fork; `journal verify --checkpoint` read only the file's last note, signed over the fork, and said ok): a
/// database rolled back to a backup and decided on again is refused by `serve` at start, and by `journal verify
/// --checkpoint`, both naming the first checkpoint of the witness it does not extend.
fn a_database_rolled_back_under_a_witness_is_refused_at_start_and_by_every_note(backend: Backend) {
    let e = env(backend);
    let (key, public) = e.keygen();
    assert_eq!(e.pay("100").0, 0);
    let backup = e.backup();
    let witness = e.path("witness.txt");
    let key_arg = key.to_str().unwrap();
    let witness_arg = witness.to_str().unwrap();
    let serve_args =
        ["--signing-key", key_arg, "--witness", witness_arg, "--checkpoint-every", "1", "--checkpoint-seconds", "0.2"];
    {
        let _server = e.start_serve(&serve_args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
        assert_eq!(e.pay("300").0, 0);
        // The newest event other than a checkpoint: the server may journal one after the payment before this reads
        // the journal, and a checkpoint covering only that checkpoint is never due (a load-dependent flake).
        let head = e.events().iter().rev().find(|ev| ev.kind != EventKind::Checkpoint).unwrap().seq;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while !std::fs::read_to_string(&witness).is_ok_and(|t| {
            let verifier =
                foureyes_core::checkpoint::VerifierKey::parse(&std::fs::read_to_string(&public).unwrap()).unwrap();
            foureyes_core::checkpoint::split_notes(&t).iter().any(|n| verifier.open(n).unwrap().size >= head)
        }) {
            assert!(std::time::Instant::now() < deadline, "no witnessed checkpoint covering seq {head}");
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }
    // The whole database goes back to the backup; the budget spent since is spent again, on a fork.
    e.restore(&backup);
    for amount in ["300", "300", "300"] {
        assert_eq!(e.pay(amount).0, 0);
    }
    match e.start_serve(&serve_args) {
        Ok(_) => panic!("serve started on a database that does not extend its witness"),
        Err((code, err)) => {
            assert_eq!(code, Some(7), "{err}");
            assert!(err.contains("witness") && err.contains("checkpoint 1 of"), "names the checkpoint: {err}");
        }
    }
    // A note signed over the fork appended to the witness: the file's last note passes, its first does not.
    e.checkpoint(&key, &witness);
    let out = e.verify_against(&witness, &public);
    assert_eq!(out.status.code(), Some(7), "{}{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stdout).contains("checkpoint 1 of"), "names the first note: {}", text(&out.stdout));
    assert!(text(&out.stdout).contains("REWRITTEN"), "{}", text(&out.stdout));
}

fn token_of(e: &Env, name: &str, role: &str) -> String {
    let created: Value =
        serde_json::from_str(&e.ok(&["token", "create", "--name", name, "--role", role, "--json"])).unwrap();
    created["token"].as_str().unwrap().to_string()
}

fn get_as(addr: &str, path: &str, token: &str) -> (u16, String) {
    let (status, body) =
        support::http_bytes(addr, "GET", path, token, None, std::time::Duration::from_secs(10)).unwrap();
    (status, text(&body))
}

/// F271 (S4, RED before: `/v1/me` answered alice/approver for a token the writer made up): an approver's token hash
/// replaced in `tokens` by the hash of a token the writer holds signs nobody in; the refusal is journaled naming
/// `tokens` and `token_hash`, and alice's own token no longer matches any row.
fn a_token_hash_swapped_in_the_row_signs_nobody_in(backend: Backend) {
    let e = env(backend);
    token_of(&e, "alice", "approver");
    let mine = "fe_a-token-the-writer-made-up";
    let hash = foureyes_core::canonical::sha256_hex(mine.as_bytes());
    e.sql(&format!("UPDATE tokens SET token_hash = '{hash}' WHERE name = 'alice'"));
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let (status, body) = get_as(&addr, "/v1/me", mine);
    assert_ne!(status, 200, "a made-up token was signed in: {body}");
    assert!(body.contains("alice") && body.contains("token_hash"), "names the row and field: {body}");
    let refused = e.events().into_iter().any(|ev| {
        ev.kind == EventKind::Refused
            && ev.data["code"] == "record_altered"
            && ev.data["input"]["field"] == "token_hash"
    });
    assert!(refused, "the refusal is journaled");
}

/// F272 (S2, RED before: in the second after `token revoke`, `revoked_ms = NULL` by hand let the token in, until
/// something made the running server catch up): a credential revoked by another process and un-revoked by hand at
/// once is refused by a running server at its very next use.
fn a_token_unrevoked_by_hand_right_after_its_revoke_is_refused_at_once(backend: Backend) {
    let e = env(backend);
    let bot = token_of(&e, "bot", "agent");
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    assert_eq!(get_as(&addr, "/v1/me", &bot).0, 200);
    for round in 0..3 {
        let name = format!("bot{round}");
        let token = token_of(&e, &name, "agent");
        assert_eq!(get_as(&addr, "/v1/me", &token).0, 200);
        e.ok(&["token", "revoke", &name]);
        e.sql(&format!("UPDATE tokens SET revoked_ms = NULL WHERE name = '{name}'"));
        let (status, body) = get_as(&addr, "/v1/me", &token);
        assert_ne!(status, 200, "round {round}: the revoked token was let in: {body}");
    }
}

/// F273 (C5, RED before: `GET /v1/decisions/1` said permit/intended and `/wait` answered `next: final` with the
/// approval still pending): a deferral edited to permit/intended by hand is not shown as the door's answer by
/// `GET /v1/decisions/{id}` or `/wait`: both refuse, naming the row and field, journaled.
fn a_deferral_edited_to_permit_is_not_shown_by_get_or_wait(backend: Backend) {
    let e = env(backend);
    let bot = token_of(&e, "bot", "agent");
    let open =
        ["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#, "--request-id", "v1"];
    assert_eq!(e.run(&open).status.code(), Some(11));
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let (status, body) = get_as(&addr, "/v1/decisions/1", &bot);
    assert_eq!(status, 200, "{body}");
    e.sql("UPDATE decisions SET verdict = 'permit', status = 'intended' WHERE id = 1");
    for path in ["/v1/decisions/1", "/v1/decisions/1/wait?timeout=1s"] {
        let (status, body) = get_as(&addr, path, &bot);
        assert_ne!(status, 200, "{path} showed the edited row: {body}");
        assert!(!body.contains("\"permit\""), "{path}: {body}");
        assert!(body.contains("decisions") && body.contains("verdict"), "{path} names the row and field: {body}");
    }
    assert!(altered_refusal_journaled(&e, "decisions"), "the refusal is journaled");
}

/// A raw GET with a cookie: `(status, headers and body)`.
fn get_with_cookie(addr: &str, path: &str, cookie: Option<&str>) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
    let cookie = cookie.map(|c| format!("Cookie: fe_session={c}\r\n")).unwrap_or_default();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{cookie}Connection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let status = answer.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, answer)
}

/// F274 (S5, RED before: the forged cookie was accepted as bob and his vote taken): a `sessions` row inserted by hand
/// for an approver signs nobody in; the refusal is journaled naming `sessions`.
fn a_console_session_forged_in_the_table_signs_nobody_in(backend: Backend) {
    let e = env(backend);
    token_of(&e, "bob", "approver");
    let cookie = "a-cookie-the-writer-made-up";
    let hash = foureyes_core::canonical::sha256_hex(cookie.as_bytes());
    e.sql(&format!(
        "INSERT INTO sessions (session_hash, principal, csrf, expires_ms) VALUES ('{hash}', 'bob', 'x', 99999999999999)"
    ));
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let (status, answer) = get_with_cookie(&addr, "/v1/me", Some(cookie));
    assert_ne!(status, 200, "the forged session signed in: {answer}");
    assert!(answer.contains("sessions"), "names the table: {answer}");
    assert!(altered_refusal_journaled(&e, "sessions"), "the refusal is journaled");
}

/// F275 (S6, RED before: the link answered 303 with an `fe_session` cookie: signed in as alice): a `signin_codes` row
/// inserted by hand signs nobody in; the refusal is journaled naming `signin_codes`. A code the door issued still
/// works, once.
fn a_signin_code_forged_in_the_table_signs_nobody_in(backend: Backend) {
    let e = env(backend);
    token_of(&e, "alice", "approver");
    let code = "a-code-the-writer-made-up";
    let hash = foureyes_core::canonical::sha256_hex(code.as_bytes());
    e.sql(&format!(
        "INSERT INTO signin_codes (code_hash, principal, expires_ms) VALUES ('{hash}', 'alice', 99999999999999)"
    ));
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let (status, answer) = get_with_cookie(&addr, &format!("/console/signin?code={code}"), None);
    assert!(!answer.contains("fe_session="), "the forged code signed in ({status}): {answer}");
    assert!(altered_refusal_journaled(&e, "signin_codes"), "the refusal is journaled: {answer}");
}

// -------------------------------------------------------------------------------------------------------------
// The door seal (ADR-420): events appended after the newest checkpoint by a database writer (attack 3, J4 and L).

/// F420 (J4, RED before: the forged `kill_switch` off was believed, the 10 EUR permitted, and `journal verify` and
/// `journal audit` both passed): on a journal written by doors holding the seal key, a `kill_switch {engaged:
/// false}` appended by a database writer with the chain recomputed is refused at use naming its seq, and reported by
/// `journal verify` and `journal audit`.
fn a_forged_tail_after_the_seal_is_refused_and_reported(backend: Backend) {
    let e = sealed_env(backend);
    e.ok(&["kill-switch", "on", "--as", "ops"]);
    assert_ne!(e.pay("10").0, 0, "the kill switch holds");
    let forged = e.append_forged(EventKind::KillSwitch, serde_json::json!({"engaged": false, "by": "ops"}));
    let out = e.run(&["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 10}"#]);
    assert_eq!(out.status.code(), Some(7), "the forged tail was believed: {}{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stderr).contains(&format!("seq {forged}")), "names the seq: {}", text(&out.stderr));
    assert!(text(&out.stderr).contains("seal"), "{}", text(&out.stderr));
    let verify = e.run(&["journal", "verify"]);
    assert_eq!(verify.status.code(), Some(7), "verify: {}", text(&verify.stdout));
    assert!(text(&verify.stdout).contains(&format!("seal broken at seq {forged}")), "{}", text(&verify.stdout));
    let audit = e.run(&["journal", "audit"]);
    assert_eq!(audit.status.code(), Some(7), "audit: {}", text(&audit.stdout));
    assert!(text(&audit.stdout).contains(&format!("journal seq {forged}: seal")), "{}", text(&audit.stdout));
    // The kill switch's status is the door's, and the door refuses the tail rather than tell it.
    let status = e.run(&["kill-switch", "status"]);
    assert!(!text(&status.stdout).to_lowercase().contains("off"), "status believed the tail: {}", text(&status.stdout));
}

/// F842, attack 20 (its H1 left a journal no door replays, and "`journal verify` still exits 0"; RED before: verify
/// exited 0 on it): an event chained and hashed right, written by a database writer, whose data no door reads back (a
/// `decided` event with none of its fields). Every door refuses to decide, naming the seq; `journal verify` — the
/// check the refusal sends the operator to — exits 7 naming the seq and the reason, as plain text and as JSON.
fn verify_fails_on_an_event_no_door_replays(backend: Backend) {
    let e = env(backend);
    assert_eq!(e.pay("10").0, 0);
    let bad = e.append_forged(EventKind::Decided, serde_json::json!({"approval_id": 1}));
    let out = e.run(&["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 10}"#]);
    assert_eq!(out.status.code(), Some(7), "a door decided on it: {}{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stderr).contains(&format!("seq {bad}")), "{}", text(&out.stderr));
    let verify = e.run(&["journal", "verify"]);
    assert_eq!(verify.status.code(), Some(7), "verify passed a journal no door replays: {}", text(&verify.stdout));
    let said = text(&verify.stdout);
    assert!(said.contains(&format!("seq {bad}")) && said.contains("`decided` event data"), "names it: {said}");
    let verify = e.run(&["journal", "verify", "--json"]);
    assert_eq!(verify.status.code(), Some(7));
    let report: Value = serde_json::from_slice(&verify.stdout).unwrap();
    assert_eq!((report["replay"]["ok"].clone(), report["replay"]["bad_seq"].clone()), (Value::Bool(false), bad.into()));
    for keyed in [false, true] {
        verify_refuses_what_a_door_refuses(backend, keyed);
    }
}

/// F865 (attack 22's V1, ADR-865): `journal verify` refuses exactly the journals a door refuses, and passes the ones
/// a door runs on. One forged event per shape attack 22 tried (`forge22.py`), chained, hashed over its stored text and,
/// on a sealed store, sealed under the store's key, appended after a credential and a decision; then a CLI decide (a
/// door) and `journal verify`. RED before (PostgreSQL, with and without the key): an event appended without moving
/// `journal_head` stops every door ("the journal's head is seq N, but this door verified and applied it up to seq
/// N+1"), and verify, which replayed the rows but never compared them with the head, exited 0 (12 of forge22's 28
/// shapes on PostgreSQL). RED before (SQLite): an event dated 2100 stops every door started on this machine (the clock
/// floor, ADR-730) and verify exited 0; it now exits 16. The other shapes were already refused by verify on this
/// tree's code (F865 says why attack 22's binary passed them): kept here so that the one replay stays the door's.
fn verify_refuses_what_a_door_refuses(backend: Backend, keyed: bool) {
    // (shape, kind, data, ts_ms, move the head, verify's exit: `None` = 0 and a door runs on it). `data`: `C|` the
    // store's first `credential` event, `D|` its first `decided` event (canonical), each with the `from=>to` edits
    // after the bar (`&&` between them) applied once; otherwise the text as written.
    type Shape = (&'static str, &'static str, &'static str, Option<i64>, bool, Option<i32>);
    const REFUSED: Option<i32> = Some(7);
    const RUNS: Option<i32> = None;
    const D3: &str = r#""decision_id":1,=>"decision_id":3,"#;
    let shapes: Vec<Shape> = vec![
        (
            "credential_bad_role",
            "credential",
            r#"C|"name":"bot"=>"name":"x"&&"role":"agent"=>"role":"superuser""#,
            None,
            true,
            REFUSED,
        ),
        ("credential_missing", "credential", r#"{"action":"created"}"#, None, true, REFUSED),
        ("task_created_empty", "task_created", "{}", None, true, REFUSED),
        ("policy_loaded_garbage", "policy_loaded", r#"{"zz":1}"#, None, true, REFUSED),
        ("refused_garbage", "refused", r#"{"zz":[1,2]}"#, None, true, REFUSED),
        ("kill_switch_garbage", "kill_switch", r#"{"engaged":"yes"}"#, None, true, REFUSED),
        ("decided_dup", "decided", "D|", None, true, REFUSED),
        ("decided_bad_verdict", "decided", r#"D|"verdict":"permit"=>"verdict":"maybe""#, None, true, REFUSED),
        (
            "h1_approval_id_double",
            "decided",
            r#"D|"approval_id":null=>"approval_id":9223372036854776000"#,
            None,
            true,
            REFUSED,
        ),
        (
            "int_2p60_decided",
            "decided",
            r#"D|"approval_id":null=>"approval_id":1152921504606846976"#,
            None,
            true,
            REFUSED,
        ),
        ("float_in_decision_id", "decided", r#"D|"decision_id":1,=>"decision_id":3.0,"#, None, true, REFUSED),
        (
            "noncanonical_data",
            "credential",
            r#"C|{"action"=> {"action"&&"name":"bot"=>"name":"nc""#,
            None,
            true,
            REFUSED,
        ),
        ("dup_key_data", "credential", r#"C|"name":"bot"=>"name":"k1","name":"k2""#, None, true, REFUSED),
        ("ts_future_2100", "credential", r#"C|"name":"bot"=>"name":"f""#, Some(4_102_444_800_000), true, Some(16)),
        ("head_not_moved", "credential", r#"C|"name":"bot"=>"name":"h""#, None, false, REFUSED),
        // Controls: doors run on these (attack 22: "agree"), so verify passes them.
        (
            "approval_id_2p53m1_control",
            "decided",
            r#"D|"approval_id":null=>"approval_id":9007199254740991"#,
            None,
            true,
            RUNS,
        ),
        (
            "credential_extra_field",
            "credential",
            r#"C|{"action"=>{"aa":1,"action"&&"name":"bot"=>"name":"y""#,
            None,
            true,
            RUNS,
        ),
    ];
    for (name, kind, data, ts_ms, move_head, verify_exit) in shapes {
        let verify_exit = match (name, backend) {
            // SQLite has no head row (its head is the last row): there this is an ordinary event.
            ("head_not_moved", Backend::Sqlite) => RUNS,
            // A PostgreSQL door reads the time from the database's clock (ADR-730): an event's time does not stop it.
            ("ts_future_2100", Backend::Postgres) => RUNS,
            _ => verify_exit,
        };
        let e = if keyed { sealed_env(backend) } else { env(backend) };
        assert_eq!(e.run(&["token", "create", "--name", "bot", "--role", "agent"]).status.code(), Some(0), "{name}");
        // A decision that reserves nothing: a copy of it issues no reservation id again.
        let decided = e.run(&["decide", "--agent", "bot", "--action", "climate.set", "--params", r#"{"c": 19}"#]);
        assert_eq!(decided.status.code(), Some(0), "{name}");
        let first = |kind: EventKind| {
            let event = e.events().into_iter().find(|ev| ev.kind == kind).unwrap();
            foureyes_core::canonical::to_canonical_string(&event.data)
        };
        let (mut data, edits) = match data.split_once('|') {
            Some(("C", edits)) => (first(EventKind::Credential), edits),
            Some(("D", edits)) => (first(EventKind::Decided), edits),
            _ => (data.to_string(), ""),
        };
        let mut edits: Vec<&str> = edits.split("&&").filter(|e| !e.is_empty()).collect();
        // A new decision (id 3: the gap is the control's business, not this shape's), unless the shape is the reissue.
        if kind == "decided" && name != "decided_dup" && !edits.iter().any(|e| e.contains("decision_id")) {
            edits.insert(0, D3);
        }
        for edit in edits {
            let (from, to) = edit.split_once("=>").unwrap();
            assert!(data.contains(from), "{name}: `{from}` is not in {data}");
            data = data.replacen(from, to, 1);
        }
        let seq = e.append_raw(kind, &data, ts_ms, move_head);
        let door = e.run(&["decide", "--agent", "bot", "--action", "climate.set", "--params", r#"{"c": 20}"#]);
        let verify = e.run(&["journal", "verify"]);
        let said = format!("{}{}", text(&verify.stdout), text(&verify.stderr));
        let door_said = text(&door.stderr);
        let label = format!("{name} ({backend:?}, keyed {keyed}): door exit {:?}: {door_said}", door.status.code());
        match verify_exit {
            None => {
                assert_eq!(door.status.code(), Some(0), "{label}");
                assert_eq!(verify.status.code(), Some(0), "{label}; verify: {said}");
            }
            Some(code) => {
                assert_ne!(door.status.code(), Some(0), "a door ran on it: {label}");
                assert_eq!(
                    verify.status.code(),
                    Some(code),
                    "verify on a journal no door decides on: {label}; verify: {said}"
                );
                assert!(said.contains(&format!("seq {seq}")), "verify names seq {seq}: {label}; verify: {said}");
            }
        }
    }
}

/// F421 (L, RED before: `serve --signing-key --witness` signed a checkpoint covering the forged event, so the
/// witness vouched for it): a running `serve` holding the seal key signs nothing over a forged tail, and a
/// `journal checkpoint` refuses it too; the server's own decisions stop (fail closed) rather than believe it.
fn serve_signs_no_checkpoint_over_a_forged_tail(backend: Backend) {
    let e = sealed_env(backend);
    let (key, public) = e.keygen();
    let witness = e.path("witness.txt");
    e.ok(&["kill-switch", "on", "--as", "ops"]);
    let serve_args = [
        "--signing-key",
        key.to_str().unwrap(),
        "--witness",
        witness.to_str().unwrap(),
        "--checkpoint-every",
        "1",
        "--checkpoint-seconds",
        "0.2",
    ];
    let _server = e.start_serve(&serve_args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let verifier = foureyes_core::checkpoint::VerifierKey::parse(&std::fs::read_to_string(&public).unwrap()).unwrap();
    let sizes = || -> Vec<u64> {
        let t = std::fs::read_to_string(&witness).unwrap_or_default();
        foureyes_core::checkpoint::split_notes(&t).iter().map(|n| verifier.open(n).unwrap().size).collect()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while sizes().is_empty() {
        assert!(std::time::Instant::now() < deadline, "serve signed no checkpoint");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let forged = e.append_forged(EventKind::KillSwitch, serde_json::json!({"engaged": false, "by": "ops"}));
    // Several checkpoint periods: a server that believed the tail would sign it within one.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert!(
        sizes().iter().all(|s| *s < forged),
        "a witnessed checkpoint covers the forged seq {forged}: {:?}",
        sizes()
    );
    let out = e.run(&["journal", "checkpoint", "--signing-key", key.to_str().unwrap()]);
    assert_ne!(out.status.code(), Some(0), "signed over the forged tail: {}", text(&out.stdout));
    assert_ne!(e.pay("10").0, 0, "the forged kill switch off let an action through");
}

/// F422 (S4 by the journal, RED before: `/v1/me` answered alice/approver for the writer's token): a `credential
/// created` event re-binding an approver to a token the writer holds, appended with the chain recomputed and the
/// row changed to match, signs nobody in on a sealed journal.
fn a_forged_credential_event_after_the_seal_signs_nobody_in(backend: Backend) {
    let e = sealed_env(backend);
    token_of(&e, "alice", "approver");
    let mine = "fe_a-token-the-writer-made-up";
    let hash = foureyes_core::canonical::sha256_hex(mine.as_bytes());
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    e.append_forged(
        EventKind::Credential,
        serde_json::json!({"action": "created", "name": "alice", "role": "approver", "step_up": false,
                           "token_binding": foureyes_core::event::token_binding(&hash)}),
    );
    e.sql(&format!("UPDATE tokens SET token_hash = '{hash}' WHERE name = 'alice'"));
    let (status, body) = get_as(&addr, "/v1/me", mine);
    assert_ne!(status, 200, "the forged credential event signed the writer in: {body}");
    assert!(!body.contains("\"approver\""), "{body}");
}

/// F423 (the upgrade path, RED before: a door given a seal key decided on an unsealed journal, and anything could
/// be appended after): a journal written before the seal is refused by a door holding the key until `journal seal`
/// journals `seal_started`; from then on a door without the key writes nothing, a door with it decides, and an
/// unsealed event after it is refused.
fn a_journal_written_before_the_seal_is_sealed_by_journal_seal(backend: Backend) {
    let mut e = env(backend);
    assert_eq!(e.pay("10").0, 0, "a door without a key on an unsealed journal works as before");
    let key = e.path("seal.key");
    std::fs::write(&key, format!("{}\n", "a7".repeat(32))).unwrap();
    e.seal = Some(key.clone());
    let out = e.run(&["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 10}"#]);
    assert_eq!(out.status.code(), Some(7), "decided on an unsealed journal: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains("journal seal"), "says how to seal it: {}", text(&out.stderr));
    let sealed = e.ok(&["journal", "seal"]);
    assert!(sealed.contains("seal_started"), "{sealed}");
    assert_eq!(e.pay("10").0, 0, "the sealed door decides");
    assert_eq!(e.run(&["journal", "verify"]).status.code(), Some(0));
    e.seal = None;
    assert_ne!(e.pay("10").0, 0, "a door without the key wrote on a sealed journal");
    e.seal = Some(key);
    let forged = e.append_forged(EventKind::KillSwitch, serde_json::json!({"engaged": true, "by": "ops"}));
    let out = e.run(&["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 10}"#]);
    assert_eq!(out.status.code(), Some(7), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains(&format!("seq {forged}")), "{}", text(&out.stderr));
}

/// F611 (attack 13 #25, RED before: one row edited by hand made `GET /v1/decisions` refuse the whole list, so the
/// operator's listing, and the console's decisions view, showed nothing; F424 before that listed the edited row as the
/// door's permit): the decisions list shows every row, the edited one marked `altered` with the field, the row's
/// value and the journal's, and the single GET still refuses it.
fn one_altered_decision_row_is_listed_marked_beside_the_others(backend: Backend) {
    let e = env(backend);
    let ann = token_of(&e, "ann", "approver");
    let open =
        ["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#, "--request-id", "v1"];
    assert_eq!(e.run(&open).status.code(), Some(11));
    assert_eq!(e.pay("10").0, 0);
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    e.sql("UPDATE decisions SET verdict = 'permit', status = 'intended' WHERE id = 1");
    let (status, body) = get_as(&addr, "/v1/decisions", &ann);
    assert_eq!(status, 200, "one altered row withheld the whole list: {body}");
    let list: Vec<Value> = serde_json::from_str(&body).unwrap();
    let row = |id: i64| list.iter().find(|d| d["decision_id"] == id).unwrap_or_else(|| panic!("{id} listed: {body}"));
    let altered = &row(1)["altered"];
    assert_eq!(altered["table"], "decisions", "{body}");
    assert_eq!(altered["field"], "verdict", "{body}");
    assert_eq!((altered["row"].as_str(), altered["journal"].as_str()), (Some("permit"), Some("defer")), "{body}");
    assert!(row(2).get("altered").is_none(), "the untouched row is not marked: {body}");
    // What acts on a decision still refuses the row: the single GET an executor reads.
    let (status, body) = get_as(&addr, "/v1/decisions/1", &ann);
    assert_ne!(status, 200, "the single GET served the edited row: {body}");
}

/// F610 (attack 13 #7, RED before: `GET /v1/approvals`, `GET /v1/approvals/1` and `foureyes approvals list/show`
/// showed the forged request, door 9, with nothing to tell it from the door's): an approval whose row a database
/// writer altered is shown marked `altered` (table, field, the row's and the journal's value) by the API and the CLI,
/// the untouched one beside it unmarked, and a vote on it is refused.
fn an_approval_whose_row_was_altered_is_shown_marked_and_refused(backend: Backend) {
    let e = env(backend);
    let ann = token_of(&e, "ann", "approver");
    for (door, id) in [("1", "v1"), ("2", "v2")] {
        let params = format!(r#"{{"door": {door}}}"#);
        let open = ["decide", "--agent", "bot", "--action", "vault.open", "--params", &params, "--request-id", id];
        assert_eq!(e.run(&open).status.code(), Some(11));
    }
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    // What a person reads is changed (door 1 becomes door 9); the digest is left as the door wrote it.
    e.sql("UPDATE approvals SET request = REPLACE(request, '\"door\":1', '\"door\":9') WHERE id = 1");
    let marked = |approval: &Value, what: &str| {
        assert_eq!(approval["altered"]["table"], "approvals", "{what}: {approval}");
        assert_eq!(approval["altered"]["field"], "request", "{what}: {approval}");
        assert!(approval["altered"]["journal"].as_str().unwrap().contains("fingerprint"), "{what}: {approval}");
    };
    for path in ["/v1/approvals", "/v1/approvals?status=pending"] {
        let (status, body) = get_as(&addr, path, &ann);
        assert_eq!(status, 200, "{path}: {body}");
        let list: Vec<Value> = serde_json::from_str(&body).unwrap();
        assert_eq!(list.len(), 2, "{path}: {body}");
        let by_id = |id: i64| list.iter().find(|a| a["approval_id"] == id).unwrap();
        marked(by_id(1), path);
        assert!(by_id(2).get("altered").is_none(), "{path}: the untouched approval is not marked: {body}");
    }
    let (status, body) = get_as(&addr, "/v1/approvals/1", &ann);
    assert_eq!(status, 200, "{body}");
    let shown: Value = serde_json::from_str(&body).unwrap();
    marked(&shown, "GET /v1/approvals/1");
    let cli: Value = serde_json::from_str(&e.ok(&["approvals", "show", "1", "--json"])).unwrap();
    marked(&cli, "approvals show 1 --json");
    let cli: Value = serde_json::from_str(&e.ok(&["approvals", "list", "--json"])).unwrap();
    marked(&cli[0], "approvals list --json");
    assert!(cli[1].get("altered").is_none(), "{cli}");
    let listed = e.ok(&["approvals", "list"]);
    assert!(listed.contains("approval 1  ALTERED") && listed.contains("approvals"), "{listed}");
    // A vote on it is refused, with the digest the row shows.
    let digest = shown["digest"].as_str().unwrap();
    let (status, body) = post_as(&addr, "/v1/approvals/1/approve", &ann, &serde_json::json!({"digest": digest}));
    assert_ne!(status, 200, "a vote on the altered approval counted: {body}");
    assert!(body.contains("record_altered") || body.contains("altered"), "{body}");
}

/// F425 (RED before: `journal audit` said consistent: it never compared token hashes, sessions or sign-in codes):
/// a credential's token hash swapped by hand, and a console session and a sign-in code inserted by hand, are named by
/// the audit against their journaled bindings.
fn audit_names_a_swapped_token_hash(backend: Backend) {
    let e = audited_history(backend);
    let hash = foureyes_core::canonical::sha256_hex(b"fe_a-token-the-writer-made-up");
    audit_names(
        &e,
        &format!("UPDATE tokens SET token_hash = '{hash}' WHERE name = 'eve'"),
        "tokens",
        "eve",
        "token_binding",
    );
}

fn audit_names_a_forged_console_session(backend: Backend) {
    let e = audited_history(backend);
    let hash = foureyes_core::canonical::sha256_hex(b"a-cookie-the-writer-made-up");
    let binding = foureyes_core::event::token_binding(&hash);
    let insert = format!(
        "INSERT INTO sessions (session_hash, principal, csrf, expires_ms) VALUES ('{hash}', 'eve', 'x', 9999999999999)"
    );
    audit_names(&e, &insert, "sessions", &binding, "");
}

fn audit_names_a_forged_signin_code(backend: Backend) {
    let e = audited_history(backend);
    let hash = foureyes_core::canonical::sha256_hex(b"a-code-the-writer-made-up");
    let binding = foureyes_core::event::token_binding(&hash);
    let insert =
        format!("INSERT INTO signin_codes (code_hash, principal, expires_ms) VALUES ('{hash}', 'eve', 9999999999999)");
    audit_names(&e, &insert, "signin_codes", &binding, "");
}

/// F426 (R after ADR-270, RED before: a server stopped cleanly left its last events unwitnessed, so a rollback of the
/// whole database to a copy taken after the last periodic checkpoint started and was decided on again): `serve
/// --signing-key --witness` signs a last checkpoint into the witness when it stops, and refuses at the next start a
/// database restored from a copy taken before that stop.
fn a_rollback_to_a_copy_taken_after_the_last_periodic_checkpoint_is_refused_after_a_clean_stop(backend: Backend) {
    let e = env(backend);
    let (key, _public) = e.keygen();
    let witness = e.path("witness.txt");
    let serve_args = unwitnessed_between_checkpoints(&key, &witness);
    roll_back_after_a_clean_stop(&e, &serve_args);
    let serve_args: Vec<&str> = serve_args.iter().map(String::as_str).collect();
    match e.start_serve(&serve_args) {
        Ok(_) => panic!("serve started on a database rolled back behind its witness"),
        Err((code, err)) => {
            assert_eq!(code, Some(7), "{err}");
            assert!(err.contains("witness"), "names the witness: {err}");
        }
    }
}

/// `serve` arguments with no periodic checkpoint during a test's run: only the one at the stop witnesses its events.
fn unwitnessed_between_checkpoints(key: &Path, witness: &Path) -> Vec<String> {
    let args = ["--signing-key", key.to_str().unwrap(), "--witness", witness.to_str().unwrap()];
    let quiet = ["--checkpoint-every", "100000", "--checkpoint-seconds", "3600"];
    args.iter().chain(&quiet).map(|a| a.to_string()).collect()
}

/// Pays 100 EUR under `serve`, takes a copy, pays 300 EUR, stops the server cleanly (its witness then covers both),
/// and puts the copy back: a database rolled back behind its witness.
fn roll_back_after_a_clean_stop(e: &Env, serve_args: &[String]) {
    roll_back_after_a_clean_stop_as(e, serve_args, true);
}

/// [`roll_back_after_a_clean_stop`]; with `with_record` false the database's record of what its doors committed
/// (`DB.head`, ADR-1400) is not put back with the copy: it still names the 300 EUR payment and the stop's events.
fn roll_back_after_a_clean_stop_as(e: &Env, serve_args: &[String], with_record: bool) {
    let serve_args: Vec<&str> = serve_args.iter().map(String::as_str).collect();
    {
        let server = e.start_serve(&serve_args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
        assert_eq!(e.pay("100").0, 0);
        let _ = e.backup();
        assert_eq!(e.pay("300").0, 0);
        stop_cleanly(server);
    }
    let backup: Vec<Event> = {
        let all = e.events();
        // The copy was taken before the 300 EUR payment: the events up to the first payment's.
        let first_pay = all.iter().position(|ev| ev.kind == EventKind::Decided).unwrap();
        all[..=first_pay].to_vec()
    };
    let record = format!("{}.head", e.db);
    let kept = (!with_record).then(|| std::fs::read(&record).expect("the doors recorded their last commit"));
    e.restore(&backup);
    if let Some(kept) = kept {
        std::fs::write(&record, kept).unwrap();
    }
}

/// ADR-1440 (fork43; RED on fork41's merge: exit 8 with ADR-1401's "an older copy of the file (a backup restored)
/// beside a newer log, and applying that log would mix the two" — false: the log was the copy's own, taken with it):
/// a database put back to a copy taken with its log, while its record of what its doors committed (`t.db.head`)
/// stays, is refused by every door as what happened — a journal that lost acknowledged events, `TRUNCATED`, exit 7,
/// what the witness says of it — naming the record and saying this door applied nothing, with or without a witness;
/// both files are unchanged. With the record moved away (the restore meant), the copy is taken again.
#[test]
fn a_copy_put_back_with_its_log_is_refused_as_truncated_by_the_doors_record() {
    let e = env(Backend::Sqlite);
    let (key, public) = e.keygen();
    let witness = e.path("witness.txt");
    roll_back_after_a_clean_stop_as(&e, &unwitnessed_between_checkpoints(&key, &witness), false);
    let files = || [std::fs::read(&e.db).ok(), std::fs::read(format!("{}-wal", e.db)).ok()];
    let before = files();
    assert!(before[1].as_ref().is_some_and(|w| !w.is_empty()), "the copy was put back with its log");
    let witnessed = ["--witness", witness.to_str().unwrap(), "--witness-key", public.to_str().unwrap()];
    let params = r#"{"amount_eur": 300}"#;
    let doors: [&[&str]; 7] = [
        &["decide", "--agent", "bot", "--action", "payments.batch", "--params", params],
        &["report", "1", "--outcome", "failed"],
        &["kill-switch", "off", "--as", "ops"],
        &["approvals", "list"],
        &["token", "create", "--name", "mallory", "--role", "admin"],
        &["journal", "verify"],
        &["decisions", "list"],
    ];
    for door in doors {
        for args in [[&witnessed[..], door].concat(), door.to_vec()] {
            let out = e.run(&args);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(7), "{args:?} acted on a copy put back: {}{err}", text(&out.stdout));
            assert!(
                err.contains("TRUNCATED") && err.contains("t.db.head") && err.contains("applied nothing"),
                "{args:?} names what happened: {err}"
            );
            assert!(err.contains("with its own log"), "{args:?}: the log may be the copy's own: {err}");
            assert!(files() == before, "{args:?} changed the database or its log: {err}");
        }
    }
    // The restore meant: the record moved away, the copy is the database (the witness still tells, ADR-586).
    std::fs::remove_file(format!("{}.head", e.db)).unwrap();
    assert_eq!(e.pay("300").0, 0, "the copy put back on purpose takes the payment again");
}

/// SIGTERM, then waits (bounded) for the server to exit: a clean stop.
fn stop_cleanly(mut server: (support::KillOnDrop, String)) {
    let pid = server.0.0.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while server.0.0.try_wait().unwrap().is_none() {
        assert!(std::time::Instant::now() < deadline, "serve did not stop on SIGTERM");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// F612 (attack 13 #21, RED before: with another process holding SQLite's write lock, `serve` waited at SIGTERM for
/// the lock to journal its last checkpoint, a service manager's SIGKILL then ended it with no note in the witness,
/// and a copy taken before the stop was accepted at the next start): the head the server verified is witnessed from
/// its state before the stop's journal write, and the write waits a bounded time, so a writer holding the lock at
/// the stop cannot turn a clean stop into the crash case. SQLite only: the lock is SQLite's file lock.
#[test]
fn a_writer_holding_the_write_lock_at_the_stop_cannot_unwitness_it() {
    let e = env(Backend::Sqlite);
    let (key, _public) = e.keygen();
    let witness = e.path("witness.txt");
    let serve_args = unwitnessed_between_checkpoints(&key, &witness);
    let serve_args: Vec<&str> = serve_args.iter().map(String::as_str).collect();
    let bot = token_of(&e, "bot", "agent");
    let server = e.start_serve(&serve_args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let pay = |id: &str, amount: u32| {
        let ask = serde_json::json!({"request_id": id, "action": "payments.batch", "params": {"amount_eur": amount}});
        let (status, body) = post_as(&server.1, "/v1/decide", &bot, &ask);
        assert_eq!(status, 200, "{body}");
    };
    pay("p100", 100);
    let backup = e.backup();
    pay("p300", 300);
    // A database writer takes the write lock and keeps it across the stop.
    let holder = rusqlite::Connection::open(&e.db).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let mut child = server.0;
    assert!(Command::new("kill").args(["-TERM", &child.0.id().to_string()]).status().unwrap().success());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    let stopped = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            break Some(status);
        }
        if std::time::Instant::now() >= deadline {
            // What a service manager does when a stop outlasts its timeout.
            child.0.kill().unwrap();
            child.0.wait().unwrap();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    holder.execute_batch("ROLLBACK").unwrap();
    drop(holder);
    e.restore(&backup);
    match e.start_serve(&serve_args) {
        Ok(_) => panic!("serve started on a copy taken before a stop made while another process held the lock"),
        Err((code, err)) => {
            assert_eq!(code, Some(7), "{err}");
            assert!(err.contains("witness"), "names the witness: {err}");
        }
    }
    let status = stopped.expect("serve did not stop within 15 s of SIGTERM while another process held the lock");
    assert!(status.success(), "the stop witnessed the head, so it is a clean one: {status}");
}

/// ADR-536 (built without a test; F613): `serve` without a seal key, or without a signing key and a witness, says at
/// start on stderr what a database writer can then do, for the main store and for each namespace it serves.
#[test]
fn serve_says_at_start_what_it_cannot_see() {
    let e = env(Backend::Sqlite);
    let namespace = format!("team-a={}", e.path("policy.yaml").display());
    let mut child = e
        .cmd(&["serve", "--listen", "127.0.0.1:0", "--serve-namespace", &namespace])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
            if line.contains(" on http://") {
                let _ = tx.send(());
            }
        }
    });
    let listening = rx.recv_timeout(std::time::Duration::from_secs(60)).is_ok();
    let mut child = support::KillOnDrop(child);
    let _ = child.0.kill();
    let _ = child.0.wait();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut err).unwrap();
    assert!(listening, "serve did not start: {err}");
    for said in ["no seal key", "no witness", "no witness for namespace `team-a`"] {
        assert!(err.contains(said), "serve did not say `{said}` at start: {err}");
    }
}

/// F586 (attack 13, #19; RED before: `decide` took no `--witness` and permitted on the database `serve` refused): a
/// database rolled back behind its witness after a clean stop is refused by every door that decides, given the
/// witness and its public key (`--witness`, `--witness-key`), as `serve` refuses it at start.
fn every_door_refuses_a_database_rolled_back_behind_its_witness(backend: Backend) {
    let e = env(backend);
    let (key, public) = e.keygen();
    let witness = e.path("witness.txt");
    roll_back_after_a_clean_stop(&e, &unwitnessed_between_checkpoints(&key, &witness));
    let witnessed = ["--witness", witness.to_str().unwrap(), "--witness-key", public.to_str().unwrap()];
    let params = r#"{"amount_eur": 300}"#;
    let doors: [&[&str]; 4] = [
        &["decide", "--agent", "bot", "--action", "payments.batch", "--params", params],
        &["report", "1", "--outcome", "failed"],
        &["kill-switch", "off", "--as", "ops"],
        &["approvals", "list"],
    ];
    for door in doors {
        let out = e.run(&[&witnessed[..], door].concat());
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(7), "{door:?} acted on a rolled-back database: {}{err}", text(&out.stdout));
        assert!(err.contains("witness") && err.contains("TRUNCATED"), "{door:?} names the witness: {err}");
    }
    // Without the witness the door cannot tell (the documented limit), and says nothing of it.
    assert_eq!(e.pay("300").0, 0, "the rolled-back database takes the payment again when no witness is given");
}

/// F587 (attack 13, #20; RED before: `serve --serve-namespace` signed no checkpoint of the namespace and started on
/// its rolled-back file without a word): each namespace `serve` serves is witnessed in its own file
/// (`WITNESS.ns-NAME`), and a namespace store rolled back behind it after a clean stop is refused at start.
/// SQLite only: a namespace's PostgreSQL store is a schema, which this test cannot copy and put back as a file.
#[test]
fn a_namespace_rolled_back_behind_its_witness_is_refused_at_start() {
    let e = env(Backend::Sqlite);
    let (key, public) = e.keygen();
    let witness = e.path("witness.txt");
    let mut serve_args = unwitnessed_between_checkpoints(&key, &witness);
    serve_args.extend(["--serve-namespace".to_string(), format!("team-a={}", e.path("policy.yaml").display())]);
    let args: Vec<&str> = serve_args.iter().map(String::as_str).collect();
    let pay = |amount: &str| {
        let params = format!(r#"{{"amount_eur": {amount}}}"#);
        let out = e.run(&[
            "--namespace",
            "team-a",
            "decide",
            "--agent",
            "bot",
            "--action",
            "payments.batch",
            "--params",
            &params,
        ]);
        out.status.code()
    };
    let ns_db = format!("{}", e.path("t.ns-team-a.db").display());
    {
        let server = e.start_serve(&args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
        assert_eq!(pay("100"), Some(0));
        e.ns_backup(&ns_db);
        assert_eq!(pay("300"), Some(0));
        stop_cleanly(server);
    }
    let ns_witness = format!("{}.ns-team-a", witness.display());
    assert!(Path::new(&ns_witness).exists(), "the namespace is witnessed beside the main witness");
    e.ns_restore(&ns_db);
    match e.start_serve(&args) {
        Ok(_) => panic!("serve started on a namespace rolled back behind its witness"),
        Err((code, err)) => {
            assert_eq!(code, Some(7), "{err}");
            assert!(err.contains("namespace `team-a`") && err.contains("witness"), "names the namespace: {err}");
        }
    }
    // The namespace's CLI doors check the namespace's witness too.
    let out = e.run(&[
        "--witness",
        witness.to_str().unwrap(),
        "--witness-key",
        public.to_str().unwrap(),
        "--namespace",
        "team-a",
        "approvals",
        "list",
    ]);
    assert_eq!(out.status.code(), Some(7), "{}", text(&out.stderr));
}

// -------------------------------------------------------------------------------------------------------------
// Outside attack 11 (helper seal2): what a database writer could still make the door believe from a row.

fn post_as(addr: &str, path: &str, token: &str, body: &Value) -> (u16, String) {
    let (status, body) =
        support::http_bytes(addr, "POST", path, token, Some(body), std::time::Duration::from_secs(10)).unwrap();
    (status, text(&body))
}

/// F530 (attack 11, H1, RED before ADR-530: `GET /v1/decisions/1`, `/wait`, the agent's replay and the admin list
/// served `permit`/`intended` with the edited params, and the executor's `executed` report was accepted): a permit's
/// row whose request (params, action) was edited by hand is served to nobody: GET, `/wait`, the replay, the list and
/// the report all refuse it, naming `decisions` and `request`, journaled.
fn a_permit_whose_request_row_was_edited_is_served_to_nobody(backend: Backend) {
    let e = env(backend);
    let bot = token_of(&e, "bot", "agent");
    let ann = token_of(&e, "ann", "admin");
    let pay = ["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 100}"#];
    let ask = [&pay[..], &["--request-id", "p1", "--json"]].concat();
    assert_eq!(e.run(&ask).status.code(), Some(0));
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    assert_eq!(get_as(&addr, "/v1/decisions/1", &bot).0, 200);
    e.sql("UPDATE decisions SET request = REPLACE(request, '\"amount_eur\":100', '\"amount_eur\":450') WHERE id = 1");
    let shown = e.ok(&["decisions", "show", "1", "--json"]);
    assert!(shown.contains("450"), "the row was edited: {shown}");
    for (path, token) in [("/v1/decisions/1", &bot), ("/v1/decisions/1/wait?timeout=1s", &bot)] {
        let (status, body) = get_as(&addr, path, token);
        assert_ne!(status, 200, "{path} served the edited row: {body}");
        assert!(!body.contains("450"), "{path}: {body}");
        assert!(body.contains("decisions") && body.contains("request"), "{path} names the row and field: {body}");
    }
    // The list shows the row as read, marked (ADR-611): never as the door's decision.
    let (status, body) = get_as(&addr, "/v1/decisions", &ann);
    assert_eq!(status, 200, "{body}");
    let list: Vec<Value> = serde_json::from_str(&body).unwrap();
    assert_eq!(list[0]["altered"]["field"], "request", "the list marks the edited row: {body}");
    let out = e.run(&ask);
    assert_ne!(out.status.code(), Some(0), "the replay served the edited row: {}", text(&out.stdout));
    assert!(!text(&out.stdout).contains("450"), "{}", text(&out.stdout));
    let (status, body) = post_as(&addr, "/v1/decisions/1/report", &bot, &serde_json::json!({"outcome": "executed"}));
    assert_ne!(status, 200, "the edited permit was reported executed: {body}");
    assert!(!e.events().iter().any(|ev| ev.kind == EventKind::Executed), "nothing was journaled as executed");
    assert!(altered_refusal_journaled(&e, "decisions"), "the refusal is journaled");
}

/// F531 (attack 11, H5, RED before ADR-531: with the executor's `tokens` row deleted, or revoked in the row only,
/// the agent's own `failed` report was accepted and released its reservation): who may report an agent's outcomes
/// is what the journal says of its executors, not the `tokens` table; the row edit is refused, journaled, naming it.
fn an_executor_row_deleted_by_hand_does_not_give_the_agent_its_reports_back(backend: Backend) {
    for edit in ["DELETE FROM tokens WHERE name = 'runner'", "UPDATE tokens SET revoked_ms = 1 WHERE name = 'runner'"] {
        let e = env(backend);
        let bot = token_of(&e, "bot", "agent");
        e.ok(&["token", "create", "--name", "runner", "--role", "executor", "--for", "bot"]);
        assert_eq!(e.pay("100").0, 0);
        let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
        let failed = serde_json::json!({"outcome": "failed"});
        assert_eq!(post_as(&addr, "/v1/decisions/1/report", &bot, &failed).0, 403, "control: the executor reports");
        e.sql(edit);
        let (status, body) = post_as(&addr, "/v1/decisions/1/report", &bot, &failed);
        assert_ne!(status, 200, "after `{edit}` the agent reported its own outcome: {body}");
        assert!(!e.events().iter().any(|ev| ev.kind == EventKind::Failed), "after `{edit}`: nothing was released");
        assert!(body.contains("runner"), "names the executor: {body}");
        assert!(altered_refusal_journaled(&e, "tokens"), "after `{edit}`: the row edit is journaled");
    }
}

/// F532 (attack 11, H6, RED before ADR-532: `serve` took a database whose `tokens` table was emptied by hand for a
/// fresh one, journaled a new `admin` credential and printed its token): whether a database is fresh is the
/// journal's to say; `serve` on a journal with events mints nothing, and a name the journal holds is taken.
fn serve_mints_no_admin_for_a_journal_whose_token_rows_were_deleted(backend: Backend) {
    let e = env(backend);
    token_of(&e, "alice", "approver");
    assert_eq!(e.pay("100").0, 0);
    let before = e.events().len();
    e.sql("DELETE FROM tokens");
    let (server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    // Answered once the server is past its start (where a fresh database gets its first admin).
    let _ = get_as(&addr, "/healthz", "");
    drop(server);
    let minted = e
        .events()
        .into_iter()
        .skip(before)
        .any(|ev| ev.kind == EventKind::Credential && ev.data["action"] == "created" && ev.data["name"] == "admin");
    assert!(!minted, "serve minted an admin on a journal of {before} events");
    // Nor can the CLI create a name the journal already holds because its row is gone.
    let out = e.run(&["token", "create", "--name", "alice", "--role", "admin"]);
    assert_ne!(out.status.code(), Some(0), "re-created `alice` as admin: {}", text(&out.stdout));
}

/// F533 (attack 11, H4, RED before ADR-533: after `settings.checkpoint_size` was set to 1000000 the server signed no
/// checkpoint again, periodic or at its stop, and said nothing): what is checkpointed already is the journal's
/// `checkpoint` events, not a settings row: the witness keeps up with the head.
fn a_checkpoint_size_row_edited_by_hand_does_not_stop_the_witness(backend: Backend) {
    let e = env(backend);
    let (key, public) = e.keygen();
    let witness = e.path("witness.txt");
    let serve_args = [
        "--signing-key",
        key.to_str().unwrap(),
        "--witness",
        witness.to_str().unwrap(),
        "--checkpoint-every",
        "1",
        "--checkpoint-seconds",
        "0.2",
    ];
    let verifier = foureyes_core::checkpoint::VerifierKey::parse(&std::fs::read_to_string(&public).unwrap()).unwrap();
    let largest = || -> u64 {
        let t = std::fs::read_to_string(&witness).unwrap_or_default();
        foureyes_core::checkpoint::split_notes(&t).iter().map(|n| verifier.open(n).unwrap().size).max().unwrap_or(0)
    };
    let _server = e.start_serve(&serve_args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    assert_eq!(e.pay("100").0, 0);
    let wait_for = |size: u64| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while largest() < size {
            assert!(std::time::Instant::now() < deadline, "no witnessed checkpoint covers seq {size}: {}", largest());
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    };
    wait_for(e.events().len() as u64 - 1);
    e.sql("UPDATE settings SET value = '1000000' WHERE name = 'checkpoint_size'");
    assert_eq!(e.pay("200").0, 0);
    let head = e.events().iter().rev().find(|ev| ev.kind == EventKind::Decided).unwrap().seq;
    wait_for(head);
}

/// F534 (attack 11, H3, RED before ADR-534: the clean stop logged `checkpoint at stop: … truncated under it` and
/// exited 0, and the restarted server accepted the truncated database): a server that finds at its stop that the
/// database lost events it verified witnesses its own verified head, exits non-zero, and the next start refuses.
fn a_truncation_under_a_running_server_is_witnessed_at_its_stop(backend: Backend) {
    let e = env(backend);
    let (key, _public) = e.keygen();
    let witness = e.path("witness.txt");
    let serve_args = [
        "--signing-key",
        key.to_str().unwrap(),
        "--witness",
        witness.to_str().unwrap(),
        "--checkpoint-every",
        "100000",
        "--checkpoint-seconds",
        "3600",
    ];
    let bot = token_of(&e, "bot", "agent");
    let server = e.start_serve(&serve_args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    assert_eq!(e.pay("100").0, 0);
    let kept: Vec<Event> = e.events();
    // Decided by the server itself, so its authority state has applied it; then dropped under the server.
    let ask = serde_json::json!({"request_id": "p300", "action": "payments.batch", "params": {"amount_eur": 300}});
    let (status, body) = post_as(&server.1, "/v1/decide", &bot, &ask);
    assert_eq!(status, 200, "{body}");
    e.write_journal(&kept);
    let pid = server.0.0.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let mut child = server.0;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            break status;
        }
        assert!(std::time::Instant::now() < deadline, "serve did not stop on SIGTERM");
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(!status.success(), "serve exited 0 after the database lost events under it");
    match e.start_serve(&serve_args) {
        Ok(_) => panic!("serve started on a database truncated under the previous server"),
        Err((code, err)) => {
            assert_eq!(code, Some(7), "{err}");
            assert!(err.contains("witness"), "names the witness: {err}");
        }
    }
}

/// F535 (attack 11, H2 and V, RED before ADR-535: with every seal stripped by hand, the door said "it was written
/// before the seal … seal it (`journal seal`)", `journal verify --checkpoint` with the seal key said ok, `journal seal`
/// vouched for a forged tail, and the forged event was believed): that the journal was sealed is in the signed
/// checkpoint notes (the witness, and the journal's `checkpoint` events). A journal whose seals were stripped is
/// refused by the door without recommending `journal seal`, by `journal seal` itself, by `journal verify
/// --checkpoint` with or without the seal key, and by `serve` at start against its witness.
fn a_journal_whose_seals_were_stripped_is_not_resealed(backend: Backend) {
    let e = sealed_env(backend);
    let (key, public) = e.keygen();
    let witness = e.path("witness.txt");
    let serve_args = [
        "--signing-key",
        key.to_str().unwrap(),
        "--witness",
        witness.to_str().unwrap(),
        "--checkpoint-every",
        "100000",
        "--checkpoint-seconds",
        "3600",
    ];
    e.ok(&["kill-switch", "on", "--as", "ops"]);
    {
        let server = e.start_serve(&serve_args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
        let pid = server.0.0.id().to_string();
        assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        let mut child = server.0;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while child.0.try_wait().unwrap().is_none() {
            assert!(std::time::Instant::now() < deadline, "serve did not stop on SIGTERM");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
    assert!(std::fs::read_to_string(&witness).is_ok_and(|t| !t.is_empty()), "the clean stop witnessed a checkpoint");
    // The database writer strips every seal, then appends a forged event with the chain recomputed.
    e.sql("DROP TRIGGER IF EXISTS journal_no_update; UPDATE journal SET seal = NULL");
    let forged = e.append_forged(EventKind::KillSwitch, serde_json::json!({"engaged": false, "by": "ops"}));
    let out = e.run(&["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 10}"#]);
    assert_ne!(out.status.code(), Some(0), "the stripped journal was decided on: {}", text(&out.stdout));
    assert!(!text(&out.stderr).contains("journal seal`)"), "recommends sealing it: {}", text(&out.stderr));
    let out = e.run(&["journal", "seal"]);
    assert_ne!(out.status.code(), Some(0), "`journal seal` vouched for a stripped journal: {}", text(&out.stdout));
    assert!(!e.events().iter().any(|ev| ev.kind == EventKind::SealStarted), "no seal_started was journaled");
    let out = e.verify_against(&witness, &public);
    assert_eq!(out.status.code(), Some(7), "verify --checkpoint: {}{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stdout).contains("seal"), "says why: {}", text(&out.stdout));
    match e.start_serve(&serve_args) {
        Ok(_) => panic!("serve started on a journal whose seals were stripped (forged seq {forged})"),
        Err((code, err)) => {
            assert_eq!(code, Some(7), "{err}");
            assert!(!err.contains("journal seal`)"), "recommends sealing it: {err}");
        }
    }
}

// -------------------------------------------------------------------------------------------------------------
// Outside attack 16 (helper seal5): ids the door issued again after a row was deleted (ADR-640).

/// Deletes row `id` of `table` as its writer and, on SQLite, rewinds the table's `AUTOINCREMENT` sequence to just
/// below it, so that the table's next id is `id` again (PostgreSQL's `MAX(id) + 1` needs only the delete).
fn delete_row_and_rewind(e: &Env, table: &str, id: i64) {
    let rewind = match e.backend {
        Backend::Sqlite => format!("UPDATE sqlite_sequence SET seq = {} WHERE name = '{table}';", id - 1),
        Backend::Postgres => String::new(),
    };
    e.sql(&format!("DELETE FROM {table} WHERE id = {id}; {rewind}"));
}

/// F640 (attack 16, H1a; RED before: bot2's decision took id 3, its `failed` report released bot's 300 EUR and the
/// next 300 EUR was permitted, 1200 of a 1000 EUR budget): a decision row deleted by a database writer, with its
/// sequence rewound, does not make the door issue that id again. Another agent's next decision gets a new id, its
/// report releases nothing of bot's, the budget holds, and `journal audit` names the missing row.
fn a_deleted_decision_row_does_not_make_the_door_issue_its_id_again(backend: Backend) {
    let e = env(backend);
    for amount in ["300", "300", "300"] {
        assert_eq!(e.pay(amount).0, 0);
    }
    delete_row_and_rewind(&e, "decisions", 3);
    let heat = ["decide", "--agent", "bot2", "--action", "climate.set", "--params", r#"{"c": 20}"#, "--json"];
    let out = e.run(&heat);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = v["decision_id"].as_i64().unwrap();
    assert_eq!(id, 4, "the door issued a decision id the journal already holds: {v}");
    e.run(&["report", &id.to_string(), "--outcome", "failed"]);
    let (code, v) = e.pay("300");
    assert_ne!(code, 0, "1200 EUR of a 1000 EUR budget was permitted: {v}");
    let audit = text(&e.run(&["journal", "audit"]).stdout);
    assert!(audit.contains("decisions 3"), "the audit names the deleted row: {audit}");
}

/// F641 (attack 16, H2; RED before: s2's demotion took id 1, restoring s2 ended s1's demotion, and s1's tier-1
/// action was permitted inside its cooling period): a demotion row deleted with its sequence rewound does not make
/// the door issue that id again, and restoring another session leaves s1 demoted.
fn a_deleted_demotion_row_does_not_lift_another_sessions_demotion(backend: Backend) {
    let e = env(backend);
    let heat = |session: &str, flagged: bool| {
        let mut args = vec!["decide", "--agent", "bot", "--session", session, "--action", "climate.set"];
        args.extend(["--params", r#"{"c": 20}"#, "--json"]);
        if flagged {
            args.extend(["--flag", "prompt_injection"]);
        }
        let out = e.run(&args);
        (out.status.code(), text(&out.stdout))
    };
    assert_eq!(heat("s1", true).0, Some(11), "the flagged request demotes s1");
    delete_row_and_rewind(&e, "session_demotions", 1);
    assert_eq!(heat("s2", true).0, Some(11), "the flagged request demotes s2");
    e.ok(&["sessions", "restore", "--agent", "bot", "--session", "s2", "--why", "s2 checked", "--as", "ops"]);
    let (code, out) = heat("s1", false);
    assert_eq!(code, Some(11), "s1's demotion was lifted by s2's restore: {out}");
    assert!(out.contains("session_demoted"), "{out}");
}

/// F640 (attack 16, H1; RED before: the forged second `decided` event of decision 1 replaced the first, and the
/// replay of bot's request answered bot2's permit): a journal that issues a decision id twice is refused by the door
/// naming the seq, and `journal audit` names the event.
fn a_second_decided_event_for_a_decision_id_is_refused(backend: Backend) {
    let e = env(backend);
    let open =
        ["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#, "--request-id", "v1"];
    assert_eq!(e.run(&open).status.code(), Some(11));
    let mut second = e.events().into_iter().find(|ev| ev.kind == EventKind::Decided).unwrap().data;
    second["request"]["agent"] = Value::from("bot2");
    second["approval_id"] = Value::Null;
    second["verdict"] = Value::from("permit");
    let seq = e.append_forged(EventKind::Decided, second);
    let out = e.run(&open);
    assert_ne!(out.status.code(), Some(0), "the deferral was answered from a second decision 1: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains(&format!("seq {seq}")), "names the seq: {}", text(&out.stderr));
    let audit = e.run(&["journal", "audit"]);
    assert_eq!(audit.status.code(), Some(7), "{}", text(&audit.stdout));
    assert!(text(&audit.stdout).contains("issued again"), "{}", text(&audit.stdout));
}

/// F642 (attack 16, H3; RED before: `serve --namespace team-a --witness W` signed its checkpoints into `W`, the door
/// run with `--namespace team-a --witness W` checked `W.ns-team-a`, found no such file, and permitted on the store
/// rolled back behind `W`): one rule names a store's witness, so the store `serve --namespace NAME` witnesses is
/// checked by its doors in the same file (`W.ns-NAME`), and both refuse it rolled back.
#[test]
fn a_namespace_served_as_the_main_store_is_witnessed_where_its_doors_look() {
    let e = env(Backend::Sqlite);
    let (key, public) = e.keygen();
    let witness = e.path("witness.txt");
    let mut serve_args = vec!["--namespace".to_string(), "team-a".to_string()];
    serve_args.extend(unwitnessed_between_checkpoints(&key, &witness));
    let args: Vec<&str> = serve_args.iter().map(String::as_str).collect();
    let pay = |extra: &[&str], amount: &str| {
        let params = format!(r#"{{"amount_eur": {amount}}}"#);
        let decide = ["--namespace", "team-a", "decide", "--agent", "bot", "--action", "payments.batch", "--params"];
        e.run(&[extra, &decide[..], &[params.as_str()]].concat())
    };
    let ns_db = format!("{}", e.path("t.ns-team-a.db").display());
    {
        let server = e.start_serve(&args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
        assert_eq!(pay(&[], "100").status.code(), Some(0));
        e.ns_backup(&ns_db);
        assert_eq!(pay(&[], "300").status.code(), Some(0));
        stop_cleanly(server);
    }
    e.ns_restore(&ns_db);
    let witnessed = ["--witness", witness.to_str().unwrap(), "--witness-key", public.to_str().unwrap()];
    let out = pay(&witnessed, "300");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(7),
        "the door decided on the namespace rolled back behind serve's witness: {stdout}{stderr}"
    );
    assert!(stderr.contains("ns-team-a") && stderr.contains("TRUNCATED"), "names the witness: {stderr}");
    match e.start_serve(&args) {
        Ok(_) => panic!("serve started on its namespace rolled back behind its witness"),
        Err((code, err)) => assert_eq!(code, Some(7), "{err}"),
    }
}

/// F642 (attack 16, H3; RED before: each door exited 0, deciding as if the witness were new): a door given a witness
/// that does not exist refuses a store whose journal holds events (a wrong path, or another store's witness), and
/// accepts it on a new store (a journal with no event), where the witness starts.
fn a_missing_witness_is_refused_unless_the_store_is_new(backend: Backend) {
    let e = env(backend);
    let (_key, public) = e.keygen();
    let door = |witness: &Path| {
        let witnessed = ["--witness", witness.to_str().unwrap(), "--witness-key", public.to_str().unwrap()];
        let decide = ["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 10}"#];
        e.run(&[&witnessed[..], &decide[..]].concat())
    };
    let out = door(&e.path("new-witness.txt"));
    assert_eq!(out.status.code(), Some(0), "a new store's witness starts empty: {}", text(&out.stderr));
    for missing in [e.path("no-such-witness.txt"), PathBuf::from("/nonexistent/dir/w")] {
        let out = door(&missing);
        let stderr = text(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(7),
            "{} was taken for a witness: {}{stderr}",
            missing.display(),
            text(&out.stdout)
        );
        assert!(stderr.contains(missing.to_str().unwrap()), "names the file: {stderr}");
    }
}

/// F643 (attack 16, M1; RED before: `journal verify` said "seal: not sealed: no event carries a seal" and `journal
/// audit` "consistent", both exit 0, while `decide` under the same key exited 7): under the seal key, `journal
/// verify` and `journal audit` report a journal whose seals were stripped (and a keyless event appended) as the
/// doors refuse it.
fn verify_and_audit_under_the_seal_key_report_a_journal_whose_seals_were_stripped(backend: Backend) {
    let mut e = sealed_env(backend);
    e.ok(&["token", "create", "--name", "bot", "--role", "agent"]);
    e.sql("DROP TRIGGER IF EXISTS journal_no_update; UPDATE journal SET seal = NULL");
    let key = e.seal.take();
    e.ok(&["token", "create", "--name", "mallory", "--role", "admin"]);
    e.seal = key;
    let (code, v) = e.pay("10");
    assert_eq!(code, 7, "the keyed door refuses the stripped journal: {v}");
    for command in [["journal", "verify"], ["journal", "audit"]] {
        let out = e.run(&command);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(7), "{command:?} passed a journal the doors refuse: {stdout}");
        assert!(stdout.contains("carry no seal"), "{command:?} says why: {stdout}");
    }
}

/// F644 (attack 16, M2; RED before: `token create --role admin` and `journal seal` ignored `--witness` and wrote on the
/// database `serve` refuses as rolled back): the credential doors and `journal seal` check the witness they are given,
/// as every door that decides does.
fn token_create_and_journal_seal_refuse_a_database_rolled_back_behind_its_witness(backend: Backend) {
    let e = env(backend);
    let (key, public) = e.keygen();
    let witness = e.path("witness.txt");
    roll_back_after_a_clean_stop(&e, &unwitnessed_between_checkpoints(&key, &witness));
    let witnessed = ["--witness", witness.to_str().unwrap(), "--witness-key", public.to_str().unwrap()];
    let doors: [&[&str]; 3] = [
        &["token", "create", "--name", "mallory", "--role", "admin"],
        &["token", "revoke", "mallory"],
        &["journal", "seal"],
    ];
    let before = e.events().len();
    for door in doors {
        let out = e.run(&[&witnessed[..], door].concat());
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(7), "{door:?} wrote on a rolled-back database: {}{err}", text(&out.stdout));
        assert!(err.contains("witness") && err.contains("TRUNCATED"), "{door:?} names the witness: {err}");
    }
    assert_eq!(e.events().len(), before, "nothing was journaled on the rolled-back database");
}

// -------------------------------------------------------------------------------------------------------------
// ADR-740 (helper mem3): under the seal key a settled decision leaves the door's memory and is believed only through
// the settlement seal in its row. What a database writer could try on that row, against a running door.

/// Starts `serve` on a sealed env and returns it with an agent's token and a `pay(request_id, amount)` that answers
/// the HTTP status and body.
fn sealed_server(e: &Env) -> ((support::KillOnDrop, String), String) {
    let bot = token_of(e, "bot", "agent");
    let server = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    (server, bot)
}

fn pay_as(addr: &str, bot: &str, request_id: &str, amount: u32) -> (u16, String) {
    let ask =
        serde_json::json!({"request_id": request_id, "action": "payments.batch", "params": {"amount_eur": amount}});
    post_as(addr, "/v1/decide", bot, &ask)
}

/// F740 (ADR-740; RED with the door believing a settled row whose seal does not verify — `JournalSays::Unproven`
/// taken as nothing to compare: each `failed` report was accepted and released 250 EUR again, and a fifth 250 EUR
/// was permitted against the 1000 EUR/day budget): executed decisions that the running door dropped from memory, set
/// back to `intended` by hand with their settlement seal kept, then with it stripped, cannot be reported `failed`,
/// release nothing, and are refused naming the decision.
fn under_the_seal_a_settled_decision_rolled_back_by_hand_releases_nothing(backend: Backend) {
    let e = sealed_env(backend);
    let ((_server, addr), bot) = sealed_server(&e);
    for (i, id) in ["1", "2", "3", "4"].into_iter().enumerate() {
        let (status, body) = pay_as(&addr, &bot, &format!("p{i}"), 250);
        assert_eq!(status, 200, "{body}");
        let path = format!("/v1/decisions/{id}/report");
        let (status, body) = post_as(&addr, &path, &bot, &serde_json::json!({"outcome": "executed"}));
        assert_eq!(status, 200, "{body}");
    }
    // Two more transactions: the first seals decision 4's row, the next finds the seal in place and lets it go.
    for _ in 0..2 {
        assert_eq!(get_as(&addr, "/v1/decisions/4", &bot).0, 200);
    }
    for edit in [
        "UPDATE decisions SET status = 'intended', reported_ms = NULL, report_detail = NULL",
        "UPDATE decisions SET status = 'intended', reported_ms = NULL, report_detail = NULL, settled = NULL",
    ] {
        e.sql(edit);
        for id in ["1", "2", "3", "4"] {
            let path = format!("/v1/decisions/{id}/report");
            let (status, body) = post_as(&addr, &path, &bot, &serde_json::json!({"outcome": "failed"}));
            assert_ne!(status, 200, "`{edit}`: decision {id} was re-reported failed: {body}");
            assert!(body.contains(&format!("decision {id}")), "names the decision: {body}");
        }
    }
    let (status, body) = pay_as(&addr, &bot, "p5", 250);
    assert_eq!(status, 200, "{body}");
    assert!(!body.contains(r#""verdict":"permit""#), "1250 EUR of a 1000 EUR budget was permitted: {body}");
    assert!(!e.events().iter().any(|ev| ev.kind == EventKind::Failed), "no failure was journaled");
    assert!(altered_refusal_journaled(&e, "decisions"), "the refusal is journaled naming the table");
}

/// F741 (ADR-740; RED with the settlement seal not bound to the decision's id: the retry of the denied request
/// `big` was answered `permit`/`executed` from a copy of decision 1's row and seal over decision 2's): a settled row
/// copied whole over another settled row, seal and all, is refused on the replay of the second's request id; deleted,
/// its request id is still not decided again.
fn under_the_seal_a_settled_row_copied_over_another_is_refused(backend: Backend) {
    let e = sealed_env(backend);
    let ((_server, addr), bot) = sealed_server(&e);
    let (status, body) = pay_as(&addr, &bot, "small", 100);
    assert_eq!(status, 200, "{body}");
    let (status, body) = post_as(&addr, "/v1/decisions/1/report", &bot, &serde_json::json!({"outcome": "executed"}));
    assert_eq!(status, 200, "{body}");
    let (_, denied) = pay_as(&addr, &bot, "big", 600);
    assert!(denied.contains("deny"), "600 EUR is over the 500 EUR bound: {denied}");
    for _ in 0..2 {
        assert_eq!(get_as(&addr, "/v1/decisions/1", &bot).0, 200);
    }
    let columns = "agent, request_id, action, request, verdict, tier, reasons, budgets, approval_id, would_have, digest, \
                   status, supersedes, undo_of, decided_ms, reported_ms, report_detail, policy_sha256, journal_seq, settled";
    e.sql(&format!("UPDATE decisions SET ({columns}) = (SELECT {columns} FROM decisions WHERE id = 1) WHERE id = 2"));
    let decided_before = e.events().iter().filter(|ev| ev.kind == EventKind::Decided).count();
    let (status, body) = pay_as(&addr, &bot, "big", 600);
    assert_ne!(status, 200, "the denied request was answered from decision 1's copied row: {body}");
    assert!(!body.contains(r#""verdict":"permit""#), "{body}");
    assert!(body.contains("decision 2") && body.contains("record_altered"), "names the decision: {body}");
    e.sql("DELETE FROM decisions WHERE id = 2");
    let (status, body) = pay_as(&addr, &bot, "big", 600);
    assert_ne!(status, 200, "the request id of a deleted settled row was decided again: {body}");
    let decided_after = e.events().iter().filter(|ev| ev.kind == EventKind::Decided).count();
    assert_eq!(decided_after, decided_before, "nothing was decided again");
}

// -------------------------------------------------------------------------------------------------------------
// ADR-780 (helper mem4): under the seal key a settled approval leaves the door's memory and is believed only through
// the settlement seal in its approval row.

fn open_vault_as(addr: &str, bot: &str, request_id: &str, approval: Option<i64>) -> (u16, Value) {
    let mut ask = serde_json::json!({"request_id": request_id, "action": "vault.open", "params": {"door": 1}});
    if let Some(id) = approval {
        ask["approval_id"] = serde_json::json!(id);
    }
    let (status, body) = post_as(addr, "/v1/decide", bot, &ask);
    (status, serde_json::from_str(&body).unwrap_or(Value::String(body)))
}

/// F780 (ADR-780; RED with the door believing a settled approval row whose seal does not verify —
/// `ApprovalSays::Unproven` taken as nothing to compare in `approval_differs`: the used approval set back to
/// `approved` by hand opened the vault a second time, with and without its seal): an approval used by its release,
/// which the running door dropped from memory, set back to `approved` by hand with its settlement seal kept, then
/// stripped, releases nothing, is refused naming the approval (journaled), and is shown marked altered.
fn under_the_seal_a_used_approval_set_back_to_approved_releases_nothing(backend: Backend) {
    let e = sealed_env(backend);
    let ann = token_of(&e, "ann", "approver");
    let bob = token_of(&e, "bob", "approver");
    let ((_server, addr), bot) = sealed_server(&e);
    let (_, deferred) = open_vault_as(&addr, &bot, "v1", None);
    assert_eq!(deferred["verdict"], "defer", "{deferred}");
    let id = deferred["approval_id"].as_i64().unwrap();
    let path = format!("/v1/approvals/{id}");
    let (status, body) = get_as(&addr, &path, &ann);
    assert_eq!(status, 200, "{body}");
    let digest = serde_json::from_str::<Value>(&body).unwrap()["digest"].as_str().unwrap().to_string();
    for approver in [&ann, &bob] {
        let (status, body) =
            post_as(&addr, &format!("{path}/approve"), approver, &serde_json::json!({"digest": digest}));
        assert_eq!(status, 200, "{body}");
    }
    let (status, released) = open_vault_as(&addr, &bot, "v1", None);
    assert_eq!((status, &released["verdict"]), (200, &Value::from("permit")), "the release: {released}");
    // Two more transactions: the first seals the approval's row, the next finds the seal in place and lets it go.
    for _ in 0..2 {
        assert_eq!(get_as(&addr, &path, &ann).0, 200);
    }
    let permits =
        || e.events().iter().filter(|ev| ev.kind == EventKind::Decided && ev.data["verdict"] == "permit").count();
    let permits_before = permits();
    for (n, edit) in [
        "UPDATE approvals SET status = 'approved', consumed_by = NULL",
        "UPDATE approvals SET status = 'approved', consumed_by = NULL, settled = NULL",
    ]
    .into_iter()
    .enumerate()
    {
        e.sql(&format!("{edit} WHERE id = {id}"));
        let (status, body) = open_vault_as(&addr, &bot, &format!("again{n}"), Some(id));
        assert_ne!(body["verdict"], "permit", "`{edit}`: the used approval opened the vault again: {body}");
        assert_ne!(status, 200, "`{edit}`: {body}");
        let said = body.to_string();
        assert!(said.contains(&format!("approval {id}")) && said.contains("record_altered"), "names it: {said}");
        let (status, shown) = get_as(&addr, &path, &ann);
        assert_eq!(status, 200, "{shown}");
        let shown: Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(shown["altered"]["table"], "approvals", "`{edit}`: shown marked: {shown}");
    }
    assert_eq!(permits(), permits_before, "nothing was permitted on the rolled-back row");
    assert!(altered_refusal_journaled(&e, "approvals"), "the refusal is journaled naming the table");
}

// -------------------------------------------------------------------------------------------------------------
// ADR-368 (helper fault5): whether a decision was undone is the authority state's, not the rows'. Attack 19's R1:
// the undo-once check read the rows (`undone_by`), so a database writer who edited or deleted the first undo's row
// got a second undo of the same decision permitted, with and without the seal key.

fn undo_as(addr: &str, bot: &str, request_id: &str, target: i64) -> (u16, String) {
    let ask = serde_json::json!({"request_id": request_id, "action": "climate.set", "params": {"c": 19},
                                 "undo_of": target});
    post_as(addr, "/v1/decide", bot, &ask)
}

/// Permits of an undo of `target` the journal holds.
fn undo_permits(e: &Env, target: i64) -> usize {
    e.events()
        .iter()
        .filter(|ev| ev.kind == EventKind::Decided && ev.data["verdict"] == "permit")
        .filter(|ev| ev.data["request"]["undo_of"] == target)
        .count()
}

/// A decision executed and undone (the undo permitted and reported executed) through `serve`; then `edits` run by a
/// database writer; a second undo of the same decision is refused by the running door and by one started afterwards
/// (whose state is replayed from the journal), and the journal holds one undo permit.
fn a_second_undo_after_the_first_undos_row_was_edited(e: &Env, edits: &[&str]) {
    let bot = token_of(e, "bot", "agent");
    let (server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let ask = serde_json::json!({"request_id": "t1", "action": "climate.set", "params": {"c": 20}});
    let (status, body) = post_as(&addr, "/v1/decide", &bot, &ask);
    assert_eq!(status, 200, "{body}");
    let target = serde_json::from_str::<Value>(&body).unwrap()["decision_id"].as_i64().unwrap();
    let executed = serde_json::json!({"outcome": "executed"});
    let (status, body) = post_as(&addr, &format!("/v1/decisions/{target}/report"), &bot, &executed);
    assert_eq!(status, 200, "{body}");
    let (status, body) = undo_as(&addr, &bot, "u1", target);
    assert!(status == 200 && body.contains(r#""verdict":"permit""#), "the first undo: {body}");
    let undo = serde_json::from_str::<Value>(&body).unwrap()["decision_id"].as_i64().unwrap();
    let (status, body) = post_as(&addr, &format!("/v1/decisions/{undo}/report"), &bot, &executed);
    assert_eq!(status, 200, "{body}");
    // Under the seal key: the first seals the settled rows, the next finds the seals in place and lets them go.
    for _ in 0..2 {
        assert_eq!(get_as(&addr, &format!("/v1/decisions/{target}"), &bot).0, 200);
    }
    for edit in edits {
        e.sql(edit);
    }
    let (status, body) = undo_as(&addr, &bot, "u2", target);
    assert!(!body.contains(r#""verdict":"permit""#), "{edits:?}: a second undo was permitted: {body}");
    assert_ne!(status, 200, "{edits:?}: {body}");
    assert!(body.contains("record_altered") && body.contains(&format!("decision {target}")), "names it: {body}");
    stop_cleanly((server, addr));
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let (status, body) = undo_as(&addr, &bot, "u3", target);
    assert!(!body.contains(r#""verdict":"permit""#), "{edits:?}: after a restart a second undo was permitted: {body}");
    assert_ne!(status, 200, "{edits:?}: {body}");
    assert_eq!(undo_permits(e, target), 1, "{edits:?}: the journal holds one undo permit of decision {target}");
    assert!(altered_refusal_journaled(e, "decisions"), "the refusal is journaled naming the table");
}

/// F841, attack 20 ("newest decision deleted, idempotency row kept | held (fails closed) | retry → **503
/// `storage_error`**"; RED before: the retry was answered 503 `storage_error`, "idempotency points at missing decision
/// 1", nothing journaled): a decision row deleted by hand while its idempotency row, which the journal backs, remains.
/// The journal says the row must exist: the retry is refused `record_altered` naming the decision, journaled, by the
/// running door and by one started afterwards.
fn a_retry_whose_decision_row_was_deleted_is_refused_as_altered(backend: Backend) {
    let e = env(backend);
    let bot = token_of(&e, "bot", "agent");
    let mut server = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let (status, body) = pay_as(&server.1, &bot, "p1", 100);
    assert_eq!(status, 200, "{body}");
    let id = serde_json::from_str::<Value>(&body).unwrap()["decision_id"].as_i64().unwrap();
    e.sql(&format!("DELETE FROM reservations WHERE decision_id = {id}; DELETE FROM decisions WHERE id = {id};"));
    for round in ["the running door", "a door started afterwards"] {
        if round != "the running door" {
            stop_cleanly(server);
            server = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
        }
        let (status, body) = pay_as(&server.1, &bot, "p1", 100);
        assert_eq!(status, 400, "{round}: the retry of a request whose decision row was deleted: {body}");
        assert!(body.contains("record_altered") && body.contains(&format!("decision {id}")), "{round}: {body}");
    }
    stop_cleanly(server);
    assert!(altered_refusal_journaled(&e, "decisions"), "the refusal is journaled naming the table");
}

/// ADR-373 (issue 19's memory bound): under the seal key and a request memory of 1 ms, every settled request id has
/// left the door's memory by the time it is retried (each command here is a door that replays the journal). A retry
/// is answered from its row, believed only through the sealed decisions it names: a plain deny, an executed permit,
/// and a release of an approved deferral (the row repointed from the deferral). RED with the row believed as it
/// stands (`check_forgotten_request` answering yes): the row repointed at another request's permit answered that
/// permit, and a row copied under a fresh request id answered it too — a permit no decision gave this request.
fn a_forgotten_request_id_is_believed_only_through_its_sealed_decisions(backend: Backend) {
    let mut e = sealed_env(backend);
    e.request_memory = Some("1ms");
    let ask = |request_id: &str, action: &str, params: &str| -> Output {
        e.run(&[
            "decide",
            "--agent",
            "bot",
            "--action",
            action,
            "--params",
            params,
            "--request-id",
            request_id,
            "--json",
        ])
    };
    let decided = |out: &Output| -> (Option<i32>, i64, bool) {
        let v: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        (out.status.code(), v["decision_id"].as_i64().unwrap_or(-1), v["replayed"].as_bool().unwrap_or(false))
    };
    let deny = decided(&ask("r1", "payments.batch", r#"{"amount_eur": 600}"#));
    assert!(deny.0 != Some(0) && deny.1 > 0, "600 EUR is over the bound: {deny:?}");
    let permit = decided(&ask("ok1", "payments.batch", r#"{"amount_eur": 10}"#));
    assert_eq!(permit.0, Some(0), "{permit:?}");
    e.ok(&["report", &permit.1.to_string(), "--outcome", "executed"]);
    let out = ask("v1", "vault.open", r#"{"door": 1}"#);
    assert_eq!(out.status.code(), Some(11), "{}", text(&out.stderr));
    let deferral = decided(&out).1;
    let approval = serde_json::from_slice::<Value>(&out.stdout).unwrap()["approval_id"].as_i64().unwrap().to_string();
    e.ok(&["approvals", "approve", &approval, "--as", "ann"]);
    e.ok(&["approvals", "approve", &approval, "--as", "bob"]);
    let release = decided(&ask("v1", "vault.open", r#"{"door": 1}"#));
    assert_eq!((release.0, release.2), (Some(0), false), "the approved deferral is released: {release:?}");
    e.ok(&["report", &release.1.to_string(), "--outcome", "executed"]);
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert_eq!(ask("tick", "payments.batch", r#"{"amount_eur": 1}"#).status.code(), Some(0));

    // Honest retries, answered from rows the state no longer holds.
    assert_eq!(decided(&ask("r1", "payments.batch", r#"{"amount_eur": 600}"#)), (deny.0, deny.1, true));
    assert_eq!(decided(&ask("ok1", "payments.batch", r#"{"amount_eur": 10}"#)), (Some(0), permit.1, true));
    assert_eq!(decided(&ask("v1", "vault.open", r#"{"door": 1}"#)), (Some(0), release.1, true));
    // The same content under the old id is a conflict, as before.
    assert_eq!(ask("ok1", "payments.batch", r#"{"amount_eur": 11}"#).status.code(), Some(4));

    // A row repointed at another request's executed permit.
    e.sql(&format!("UPDATE idempotency SET decision_id = {} WHERE request_id = 'r1'", permit.1));
    let out = ask("r1", "payments.batch", r#"{"amount_eur": 600}"#);
    assert_ne!(
        out.status.code(),
        Some(0),
        "the repointed row answered another request's permit: {}",
        text(&out.stdout)
    );
    assert!(text(&out.stderr).contains("idempotency"), "names the table: {}", text(&out.stderr));
    assert!(altered_refusal_journaled(&e, "idempotency"));
    e.sql(&format!("UPDATE idempotency SET decision_id = {} WHERE request_id = 'r1'", deny.1));
    // A row copied under a fresh request id (the fingerprint does not hold the id: the same content matches it).
    e.sql(
        "INSERT INTO idempotency (agent, request_id, fingerprint, decision_id) \
           SELECT agent, 'ok2', fingerprint, decision_id FROM idempotency WHERE request_id = 'ok1'",
    );
    let out = ask("ok2", "payments.batch", r#"{"amount_eur": 10}"#);
    assert_ne!(out.status.code(), Some(0), "a copied row answered a permit it was never given: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains("idempotency"), "names the table: {}", text(&out.stderr));
    e.sql("DELETE FROM idempotency WHERE request_id = 'ok2'");
    // The permit's row given another content's fingerprint (the tick's, 1 EUR): that content is not answered with it.
    e.sql(
        "UPDATE idempotency SET fingerprint = (SELECT fingerprint FROM idempotency WHERE request_id = 'tick') \
           WHERE request_id = 'ok1'",
    );
    let out = ask("ok1", "payments.batch", r#"{"amount_eur": 1}"#);
    assert_ne!(decided(&out).1, permit.1, "the 10 EUR permit answered a 1 EUR request: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains("idempotency"), "names the table: {}", text(&out.stderr));
    // The release's row set back to its deferral.
    e.sql(&format!("UPDATE idempotency SET decision_id = {deferral} WHERE request_id = 'v1'"));
    let out = ask("v1", "vault.open", r#"{"door": 1}"#);
    assert_ne!(out.status.code(), Some(0), "the row set back to the deferral: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains("idempotency"), "the row set back to the deferral: {}", text(&out.stderr));
    e.sql(&format!("UPDATE idempotency SET decision_id = {} WHERE request_id = 'v1'", release.1));
    assert_eq!(decided(&ask("v1", "vault.open", r#"{"door": 1}"#)), (Some(0), release.1, true));

    // The documented limit: after the memory, a row deleted by hand is not refused (the retry is decided anew), and
    // `journal audit` finds it.
    e.sql("DELETE FROM idempotency WHERE request_id = 'r1'");
    let again = decided(&ask("r1", "payments.batch", r#"{"amount_eur": 600}"#));
    assert!(again.1 > deny.1 && !again.2, "decided anew: {again:?}");
    let audit = e.run(&["journal", "audit"]);
    assert_ne!(audit.status.code(), Some(0), "audit finds the deleted row: {}", text(&audit.stdout));
}

/// Attack 22's W1 (`wrongkey22.py`; RED before ADR-374: `token revoke` with another key exited 0 and appended an
/// event sealed under it, after which the store's own key decided nothing: exit 7, "its seal does not verify"): a
/// command given another seal key than the store's appends nothing, and the keyed doors go on.
fn a_command_with_another_seal_key_appends_nothing(backend: Backend) {
    let e = sealed_env(backend);
    assert_eq!(e.pay("10").0, 0);
    e.ok(&["token", "create", "--name", "mallory", "--role", "agent"]);
    let before = e.events().len();
    let other = e.path("other.key");
    std::fs::write(&other, format!("{}\n", "a7".repeat(32))).unwrap();
    for args in [&["token", "revoke", "mallory"][..], &["kill-switch", "on", "--as", "ops"][..]] {
        let out = e.cmd(args).env("FOUREYES_SEAL_KEY", &other).output().unwrap();
        assert_ne!(out.status.code(), Some(0), "{args:?} with another key: {}", text(&out.stdout));
        assert!(text(&out.stderr).contains("seal"), "{args:?} says why: {}", text(&out.stderr));
    }
    assert_eq!(e.events().len(), before, "nothing was appended");
    assert_eq!(e.pay("10").0, 0, "the store's key still decides");
    assert_eq!(e.run(&["journal", "verify"]).status.code(), Some(0));
}

/// Attack 22's A1 (`wkanchor22.py nokey_list|wrongkey_verify`; RED before ADR-374: the anchor was rewritten, unsealed
/// or sealed under the other key, and a keyed `serve` then counted no outage and freed an unreported permit's slot):
/// a process without the store's key, or with another key, leaves the sealed clock anchor as it is.
#[test]
fn a_process_without_the_stores_key_leaves_the_sealed_anchor_alone() {
    let e = sealed_env(Backend::Sqlite);
    assert_eq!(e.pay("10").0, 0);
    let anchor = PathBuf::from(format!("{}.clock", e.db));
    let sealed = std::fs::read_to_string(&anchor).unwrap();
    assert!(sealed.contains("mac="), "a keyed door seals its anchor: {sealed}");
    let other = e.path("other.key");
    std::fs::write(&other, format!("{}\n", "a7".repeat(32))).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let keyless = e.cmd(&["decisions", "list"]).env_remove("FOUREYES_SEAL_KEY").output().unwrap();
    assert_eq!(keyless.status.code(), Some(0), "{}", text(&keyless.stderr));
    assert_eq!(std::fs::read_to_string(&anchor).unwrap(), sealed, "a keyless `decisions list` rewrote the anchor");
    e.cmd(&["journal", "verify"]).env("FOUREYES_SEAL_KEY", &other).output().unwrap();
    assert_eq!(std::fs::read_to_string(&anchor).unwrap(), sealed, "another key's `journal verify` rewrote it");
    assert_eq!(e.pay("10").0, 0);
    assert_ne!(std::fs::read_to_string(&anchor).unwrap(), sealed, "the store's key moves it on");
}

const UNDO_ROW_TO_DENY: &[&str] = &["UPDATE decisions SET verdict = 'deny' WHERE request_id = 'u1'"];
const DELETE_UNDO_ROW: &[&str] =
    &["DELETE FROM decisions WHERE request_id = 'u1'", "DELETE FROM idempotency WHERE request_id = 'u1'"];
const DELETE_UNDO_ROW_ONLY: &[&str] = &["DELETE FROM decisions WHERE request_id = 'u1'"];

/// F810, attack 19's `seal740.py undo_row_to_deny` (RED before ADR-368: the second undo was answered 200 `permit`,
/// the compensating action granted twice): under the seal key the first undo's row set to `deny`.
fn under_the_seal_an_undo_row_set_to_deny_does_not_permit_a_second_undo(backend: Backend) {
    a_second_undo_after_the_first_undos_row_was_edited(&sealed_env(backend), UNDO_ROW_TO_DENY);
}

/// F810, `seal740.py delete_undo_row` (RED before ADR-368): the first undo's row and its request id deleted.
fn under_the_seal_a_deleted_undo_row_does_not_permit_a_second_undo(backend: Backend) {
    a_second_undo_after_the_first_undos_row_was_edited(&sealed_env(backend), DELETE_UNDO_ROW);
}

/// F810, `seal740.py delete_undo_row_only` (RED before ADR-368): the first undo's decision row alone deleted.
fn under_the_seal_an_undo_row_deleted_alone_does_not_permit_a_second_undo(backend: Backend) {
    a_second_undo_after_the_first_undos_row_was_edited(&sealed_env(backend), DELETE_UNDO_ROW_ONLY);
}

/// F810 without the seal key (`NOKEY=1 seal740.py …`, RED before ADR-368): the door keeps every decision in memory,
/// and which decision is undone is the state's there too.
fn without_the_seal_an_undo_row_edited_or_deleted_does_not_permit_a_second_undo(backend: Backend) {
    for edits in [UNDO_ROW_TO_DENY, DELETE_UNDO_ROW, DELETE_UNDO_ROW_ONLY] {
        a_second_undo_after_the_first_undos_row_was_edited(&env(backend), edits);
    }
}

// -------------------------------------------------------------------------------------------------------------
// ADR-850 (helper fault7): what an undo acts on in its target's row, the executed report's detail (the `before` its
// default params are built from) and time (where the undo window opens), is the journal's. Attack 21's N4: a writer
// who set `report_detail` from `before: 19` to `17` got undos permitted with `c: 17` through HTTP and the CLI.

/// A decision executed with `before: {c: 19}` reported, through `serve`; then `edit` run by a database writer while
/// `serve` runs: the undo through HTTP (default params) is refused naming the decision, the single GET refuses the
/// row, and after a restart so is the CLI's undo; the journal holds no undo permit.
fn an_undo_after_the_targets_report_was_edited(e: &Env, edit: &str) {
    let bot = token_of(e, "bot", "agent");
    let (server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let ask = serde_json::json!({"request_id": "t1", "action": "climate.set", "params": {"c": 20}});
    let (status, body) = post_as(&addr, "/v1/decide", &bot, &ask);
    assert_eq!(status, 200, "{body}");
    let target = serde_json::from_str::<Value>(&body).unwrap()["decision_id"].as_i64().unwrap();
    let executed = serde_json::json!({"outcome": "executed", "detail": {"before": {"c": 19}}});
    let (status, body) = post_as(&addr, &format!("/v1/decisions/{target}/report"), &bot, &executed);
    assert_eq!(status, 200, "{body}");
    // Under the seal key: the first seals the settled row, the next finds the seal in place and lets it go.
    for _ in 0..2 {
        assert_eq!(get_as(&addr, &format!("/v1/decisions/{target}"), &bot).0, 200);
    }
    e.sql(&format!("{edit} WHERE id = {target}"));
    let (status, body) = post_as(&addr, &format!("/v1/decisions/{target}/undo"), &bot, &serde_json::json!({}));
    assert!(!body.contains(r#""verdict":"permit""#), "`{edit}`: the undo was permitted on the edited row: {body}");
    assert_ne!(status, 200, "`{edit}`: {body}");
    assert!(body.contains("record_altered") && body.contains(&format!("decision {target}")), "names it: {body}");
    let (status, body) = get_as(&addr, &format!("/v1/decisions/{target}"), &bot);
    assert!(
        status != 200 || body.contains(r#""altered""#),
        "`{edit}`: the edited row was served as the door's: {body}"
    );
    stop_cleanly((server, addr));
    let out = e.run(&["undo", &target.to_string(), "--agent", "bot", "--request-id", "u-cli", "--json"]);
    assert_ne!(out.status.code(), Some(0), "`{edit}`: the CLI's undo was decided: {}", text(&out.stdout));
    assert!(!text(&out.stdout).contains("permit"), "`{edit}`: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains(&format!("decision {target}")), "names it: {}", text(&out.stderr));
    assert_eq!(undo_permits(e, target), 0, "`{edit}`: the journal holds no undo permit of decision {target}");
    assert!(altered_refusal_journaled(e, "decisions"), "the refusal is journaled naming the table");
}

const BEFORE_TO_17: &str = r#"UPDATE decisions SET report_detail = '{"before":{"c":17}}'"#;
const REPORTED_LATER: &str = "UPDATE decisions SET reported_ms = reported_ms + 86400000";

/// F850, attack 21's `before21.py` (RED before ADR-850: both undos permitted with `c: 17`, the GET served the row):
/// under the seal key, the settled target's reported `before` edited.
fn under_the_seal_an_edited_report_detail_steers_no_undo(backend: Backend) {
    an_undo_after_the_targets_report_was_edited(&sealed_env(backend), BEFORE_TO_17);
}

/// F850, `NOKEY=1 before21.py` (RED before ADR-850): without the key the target's record stays in memory.
fn without_the_seal_an_edited_report_detail_steers_no_undo(backend: Backend) {
    an_undo_after_the_targets_report_was_edited(&env(backend), BEFORE_TO_17);
}

/// F850, the same class (RED before ADR-850): `reported_ms` moved a day later, which would open the undo window again.
fn an_edited_report_time_reopens_no_undo_window(backend: Backend) {
    an_undo_after_the_targets_report_was_edited(&sealed_env(backend), REPORTED_LATER);
    an_undo_after_the_targets_report_was_edited(&env(backend), REPORTED_LATER);
}

/// Attack 39 (2, ADR-1261; `forge_pin.py`): a database writer (no seal key) appended `tool_pinned` events with names
/// no door takes — a dotted server, an empty tool, a trailing space, NFD, NUL, U+200B, a Cyrillic homoglyph.
/// `mcp pins list` and `GET /v1/mcp/pins` listed them as pins like any other (the dotted server, the empty name, the
/// trailing space and the NFD `café` exactly like their twins) and `journal audit` said consistent. Red before: the
/// list printed them unmarked and audit exited 0. Now each is listed as UNUSABLE with its name escaped to ASCII, is
/// no pin that holds (JSON and HTTP keep it apart, under `unusable`), and audit names it.
fn a_forged_pin_whose_name_no_door_takes_is_shown_marked_and_never_used(backend: Backend) {
    let e = env(backend);
    token_of(&e, "alice", "approver");
    let forged = [
        ("bank.a", "b"),
        ("fs", ""),
        ("fs", "read_file "),
        ("fs", "cafe\u{301}"),
        ("fs", "read_file\u{0}"),
        ("fs", "read_file\u{200b}"),
        ("fs", "re\u{430}d_file"),
    ];
    for (server, tool) in forged {
        e.append_forged(
            EventKind::ToolPinned,
            serde_json::json!({"by": "bot", "cause": "first_seen", "server": server, "sha256": "ab".repeat(32),
                "tool": tool}),
        );
    }
    let listed = e.ok(&["mcp", "pins", "list"]);
    let unusable: Vec<&str> = listed.lines().filter(|l| l.starts_with("UNUSABLE")).collect();
    assert_eq!(unusable.len(), forged.len(), "each forged pin is marked: {listed}");
    assert!(listed.lines().all(|l| l.starts_with("UNUSABLE") || l.starts_with("  ")), "{listed}");
    for shown in [
        "`bank.a`",
        "``",
        "`read_file `",
        "`cafe\\u{301}`",
        "`read_file\\u{0}`",
        "`read_file\\u{200b}`",
        "`re\\u{430}d_file`",
    ] {
        assert!(listed.contains(shown), "{shown} not in {listed}");
    }
    assert!(listed.is_ascii(), "an unusable name is shown escaped: {listed:?}");
    let json: Value = serde_json::from_str(&e.ok(&["mcp", "pins", "list", "--json"])).unwrap();
    assert_eq!(json["pins"], serde_json::json!([]), "{json}");
    assert_eq!(json["unusable"].as_array().map(Vec::len), Some(forged.len()), "{json}");
    let audit = e.run(&["journal", "audit"]);
    let said = text(&audit.stdout);
    assert_ne!(audit.status.code(), Some(0), "audit passed forged pins: {said}");
    assert_eq!(said.matches("tool_pinned").count(), forged.len(), "audit names each: {said}");
    let agent = token_of(&e, "bot2", "agent");
    let (_server, addr) = e.start_serve(&[]).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}"));
    let (status, body) = get_as(&addr, "/v1/mcp/pins", &agent);
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["pins"], serde_json::json!([]), "a forged pin is served as one that holds: {body}");
    assert_eq!(v["unusable"].as_array().map(Vec::len), Some(forged.len()), "{body}");
}

/// Attack 39 (3, ADR-1262): `foureyes mcp pins approve` refused with exit 3 — "input refused, the refusal is
/// journaled" — without journaling, took `--server fs.a` and a tool name holding U+200B, and printed the zero-width
/// character raw. Red before: the journal's refusals did not grow and the message held U+200B. Now each refusal is
/// journaled, the names are checked by the pin's rule, and every name it echoes is escaped.
fn mcp_pins_approve_journals_its_refusals_and_checks_the_names(backend: Backend) {
    let e = env(backend);
    token_of(&e, "alice", "approver");
    let hash = "0".repeat(64);
    let refusals = |e: &Env| e.events().iter().filter(|ev| ev.kind == EventKind::Refused).count();
    for (server, tool, says) in [
        ("fs.a", "read_file", "server name"),
        ("fs", "read_file\u{200b}", "\\u{200b}"),
        ("fs", "re\u{430}d_file", "\\u{430}"),
        ("fs", "read_file", "no proxy journaled"),
    ] {
        let before = refusals(&e);
        let out = e.run(&["mcp", "pins", "approve", "--server", server, "--hash", &hash, "--as", "alice", "--", tool]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{server}/{tool:?}: {err}");
        assert!(err.contains(says), "{server}/{tool:?}: {err}");
        assert!(!err.contains('\u{200b}') && !err.contains('\u{430}'), "a name echoed raw: {err:?}");
        assert_eq!(refusals(&e), before + 1, "{server}/{tool:?}: the refusal is not journaled");
    }
    assert!(e.events().iter().all(|ev| ev.kind != EventKind::ToolPinned));
}

/// What a proxy journals for a tool it hid (`refused`, `tool_definition_changed`, with the definition and its hash):
/// here for `server`'s `tool`, as a journal written before attack 40's fix holds them. Returns the hash.
fn journal_changed_definition(e: &Env, server: &str, tool: &str) -> String {
    let definition = serde_json::json!({"name": tool, "description": format!("tool {tool}"),
        "inputSchema": {"type": "object"}});
    let seen = foureyes_core::tool_pin::definition_sha256(&definition);
    e.append_forged(
        EventKind::Refused,
        serde_json::json!({"agent": format!("mcp:{server}"), "code": "tool_definition_changed",
            "message": "hidden until re-pinned", "input": {"server": server, "tool": tool, "pinned": null,
            "seen": seen, "definition": definition}}),
    );
    seen
}

/// Attack 40's H3 (ADR-1320): `mcp pins approve` of `m` while `rn` is pinned (their UTS #39 skeletons are one) exited 6
/// from the store's transaction and journaled nothing, where `POST /v1/mcp/pins/approve` refuses it 400, journaled. The
/// CLI door checks the look-alike first — against the journal's pins and the policy's, any server — exits 3 and
/// journals the refusal; names echoed escaped.
fn mcp_pins_approve_journals_a_look_alike_refusal(backend: Backend) {
    let e = env(backend);
    token_of(&e, "alice", "approver");
    for (server, tool) in [("fs", "rn"), ("s0", "x")] {
        e.append_forged(
            EventKind::ToolPinned,
            serde_json::json!({"by": "bot", "cause": "first_seen", "server": server, "sha256": "ab".repeat(32),
                "tool": tool}),
        );
    }
    let refusals = |e: &Env| e.events().iter().filter(|ev| ev.kind == EventKind::Refused).count();
    for (server, tool, twin) in [("fs", "m", "`fs`'s tool `rn`"), ("sO", "x", "`s0`'s tool `x`")] {
        let hash = journal_changed_definition(&e, server, tool);
        let before = refusals(&e);
        let out = e.run(&["mcp", "pins", "approve", "--server", server, "--hash", &hash, "--as", "alice", "--", tool]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{server}/{tool}: {err}");
        assert!(err.contains("reads like") && err.contains(twin) && err.contains("refusal journaled"), "{err}");
        assert_eq!(refusals(&e), before + 1, "{server}/{tool}: the refusal is not journaled: {err}");
    }
    // A policy pin counts too (`--policy`), as at the HTTP door.
    let z = "0".repeat(64);
    std::fs::write(
        e.path("pinned.yaml"),
        format!("version: 1\nactions: {{}}\nmcp:\n  web:\n    pins: {{ I0: \"{z}\" }}\n"),
    )
    .unwrap();
    let hash = journal_changed_definition(&e, "web", "lO");
    let before = refusals(&e);
    let out = Command::new(BIN)
        .arg("--db")
        .arg(&e.db)
        .arg("--policy")
        .arg(e.path("pinned.yaml"))
        .args(["mcp", "pins", "approve", "--server", "web", "--hash", &hash, "--as", "alice", "lO"])
        .env_remove("FOUREYES_DB")
        .env_remove("FOUREYES_SEAL_KEY")
        .env("FOUREYES_REQUEST_MEMORY", "forever")
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("`web`'s tool `I0`"), "{err}");
    assert_eq!(refusals(&e), before + 1, "{err}");
    let pins = e.events().iter().filter(|ev| ev.kind == EventKind::ToolPinned).count();
    assert_eq!(pins, 2, "a look-alike was pinned");
}

/// Attack 40's H4 (ADR-1321): `mcp pins list` printed a changed definition journaled under `re\u{430}d_file` raw, as
/// `CHANGED fs reаd_file pinned none` under the pinned `fs read_file` — read as "read_file changed". Every row that
/// shows a name shows it escaped, and a changed definition under a name no pin may hold (the name rule, or a
/// look-alike of a held pin) says so instead of offering a re-pin; `--json` says why under `name_refused`.
fn mcp_pins_list_shows_every_name_escaped_and_a_refused_name_as_such(backend: Backend) {
    let e = env(backend);
    token_of(&e, "alice", "approver");
    for tool in ["read_file", "rn"] {
        e.append_forged(
            EventKind::ToolPinned,
            serde_json::json!({"by": "bot", "cause": "first_seen", "server": "fs", "sha256": "ab".repeat(32),
                "tool": tool}),
        );
    }
    for tool in ["re\u{430}d_file", "m", "write_file"] {
        journal_changed_definition(&e, "fs", tool);
    }
    let listed = e.ok(&["mcp", "pins", "list"]);
    assert!(listed.is_ascii(), "a name printed raw: {listed:?}");
    let row = |tool: &str| listed.lines().find(|l| l.contains(tool)).unwrap_or_default().to_string();
    for (tool, says) in [("re\\u{430}d_file", "not 1 to 128 ASCII"), ("`m`", "reads like `fs`'s tool `rn`")] {
        let row = row(tool);
        assert!(row.starts_with("NAME REFUSED") && row.contains(says), "{tool}: {row:?} in {listed}");
    }
    assert!(row("write_file").starts_with("CHANGED"), "{listed}");
    let json: Value = serde_json::from_str(&e.ok(&["mcp", "pins", "list", "--json"])).unwrap();
    let changed = json["changed"].as_array().unwrap();
    let refused: Vec<&str> =
        changed.iter().filter(|c| c["name_refused"].is_string()).map(|c| c["tool"].as_str().unwrap()).collect();
    assert_eq!(refused.len(), 2, "{json}");
    assert!(refused.contains(&"m") && refused.contains(&"re\u{430}d_file"), "{json}");
}

/// Attack 41's H6, H7 and a minor (ADR-1414): with the policy pinning `mail`'s `send`, a changed definition journaled
/// for `rnail`'s `send` (their skeletons are one) was listed `CHANGED rnail send pinned none` by `mcp pins list
/// --policy P`, and `mcp pins approve` without `--policy` re-pinned it (exit 0) — a look-alike of a policy pin the HTTP
/// door refuses. Both doors now compare with the policy's pins, and without `--policy` with the policy the journal
/// last loaded. And the CHANGED row names the pin that holds, not the `"pinned": null` an agent's report says. Red on
/// main: the row CHANGED, the approve exit 0, `pinned none` for a pinned tool.
fn mcp_pin_doors_compare_with_the_policys_pins_even_without_policy(backend: Backend) {
    let e = env(backend);
    token_of(&e, "alice", "approver");
    let pinned = e.path("pinned.yaml");
    std::fs::write(
        &pinned,
        format!(
            "version: 1\nactions:\n  a.b: {{ tier: 0 }}\nmcp:\n  mail:\n    pins: {{ send: \"{}\" }}\n",
            "0".repeat(64)
        ),
    )
    .unwrap();
    let run = |policy: Option<&std::path::Path>, args: &[&str]| {
        let mut c = Command::new(BIN);
        c.arg("--db").arg(&e.db);
        if let Some(p) = policy {
            c.arg("--policy").arg(p);
        }
        c.args(args)
            .env_remove("FOUREYES_DB")
            .env_remove("FOUREYES_POLICY")
            .env_remove("FOUREYES_SEAL_KEY")
            .env("FOUREYES_REQUEST_MEMORY", "forever")
            .output()
            .unwrap()
    };
    // The journal loads the policy (a deciding door records it).
    let out = run(Some(&pinned), &["decide", "--agent", "bot", "--action", "a.b", "--params", "{}"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    e.append_forged(
        EventKind::ToolPinned,
        serde_json::json!({"by": "bot", "cause": "first_seen", "server": "fs", "sha256": "ab".repeat(32),
            "tool": "write_file"}),
    );
    journal_changed_definition(&e, "fs", "write_file");
    let hash = journal_changed_definition(&e, "rnail", "send");
    for policy in [Some(pinned.as_path()), None] {
        let out = run(policy, &["mcp", "pins", "list"]);
        let listed = text(&out.stdout);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let row = |tool: &str| listed.lines().find(|l| l.contains(tool)).unwrap_or_default().to_string();
        let send = row("send");
        assert!(
            send.starts_with("NAME REFUSED") && send.contains("reads like `mail`'s tool `send`"),
            "policy {policy:?}: {listed}"
        );
        assert!(row("CHANGED fs").contains(&format!("pinned {}", "ab".repeat(32))), "policy {policy:?}: {listed}");
    }
    let out = run(None, &["mcp", "pins", "approve", "--server", "rnail", "--hash", &hash, "--as", "alice", "send"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "re-pinned a look-alike of a policy pin: {err}");
    assert!(err.contains("reads like `mail`'s tool `send`"), "{err}");
    let pins = e.events().iter().filter(|ev| ev.kind == EventKind::ToolPinned).count();
    assert_eq!(pins, 1, "a look-alike was pinned");
    // A journaled policy that cannot be read back as itself: its pins are unknown, so the door refuses.
    std::fs::write(&pinned, "version: 1\nactions:\n  a.b: { tier: 1 }\n").unwrap();
    let out = run(None, &["mcp", "pins", "approve", "--server", "rnail", "--hash", &hash, "--as", "alice", "send"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("give the policy with --policy"), "{err}");
}

macro_rules! on_both {
    ($($(#[$attr:meta])* $name:ident),* $(,)?) => {
        mod sqlite {
            $( $(#[$attr])* #[test] fn $name() { super::$name(super::Backend::Sqlite) } )*
        }
        mod postgres {
            $( $(#[$attr])* #[test] fn $name() { super::$name(super::Backend::Postgres) } )*
        }
    };
}

on_both!(
    a_forged_pin_whose_name_no_door_takes_is_shown_marked_and_never_used,
    mcp_pins_approve_journals_its_refusals_and_checks_the_names,
    mcp_pins_approve_journals_a_look_alike_refusal,
    mcp_pins_list_shows_every_name_escaped_and_a_refused_name_as_such,
    mcp_pin_doors_compare_with_the_policys_pins_even_without_policy,
    a_command_with_another_seal_key_appends_nothing,
    a_forgotten_request_id_is_believed_only_through_its_sealed_decisions,
    a_retry_whose_decision_row_was_deleted_is_refused_as_altered,
    verify_fails_on_an_event_no_door_replays,
    a_journal_rewritten_with_recomputed_hashes_fails_against_a_signed_checkpoint,
    a_journal_whose_tail_was_dropped_fails_against_a_signed_checkpoint,
    a_decide_on_a_broken_chain_is_refused_naming_the_seq,
    an_inclusion_proof_checks_with_the_public_key_alone,
    serve_signs_checkpoints_into_a_witness_file_and_serves_them,
    a_forged_approval_row_releases_nothing,
    zeroed_reservations_do_not_overspend,
    a_vote_inserted_by_hand_counts_for_nothing,
    a_kill_switch_turned_off_by_hand_still_stops_actions,
    a_demotion_ended_by_hand_still_holds,
    a_credential_role_edited_by_hand_grants_nothing,
    audit_names_an_edited_decision,
    audit_names_an_edited_reservation,
    audit_names_an_edited_approval,
    audit_names_a_forged_vote,
    audit_names_an_edited_demotion,
    audit_names_an_edited_credential,
    audit_names_an_edited_idempotency_entry,
    audit_names_an_edited_setting,
    a_denied_decision_edited_to_permit_is_not_replayed_or_reported,
    a_deferral_edited_to_permit_is_not_replayed,
    an_idempotency_row_pointed_elsewhere_is_refused,
    an_executed_decision_set_back_by_hand_releases_nothing,
    kill_switch_status_tells_the_journal_not_the_row,
    a_kill_switch_set_to_what_it_is_leaves_the_tables_as_the_journal_says,
    a_database_rolled_back_under_a_witness_is_refused_at_start_and_by_every_note,
    a_token_hash_swapped_in_the_row_signs_nobody_in,
    a_token_unrevoked_by_hand_right_after_its_revoke_is_refused_at_once,
    a_deferral_edited_to_permit_is_not_shown_by_get_or_wait,
    a_console_session_forged_in_the_table_signs_nobody_in,
    a_signin_code_forged_in_the_table_signs_nobody_in,
    a_forged_tail_after_the_seal_is_refused_and_reported,
    serve_signs_no_checkpoint_over_a_forged_tail,
    a_forged_credential_event_after_the_seal_signs_nobody_in,
    a_journal_written_before_the_seal_is_sealed_by_journal_seal,
    one_altered_decision_row_is_listed_marked_beside_the_others,
    an_approval_whose_row_was_altered_is_shown_marked_and_refused,
    audit_names_a_swapped_token_hash,
    audit_names_a_forged_console_session,
    audit_names_a_forged_signin_code,
    a_rollback_to_a_copy_taken_after_the_last_periodic_checkpoint_is_refused_after_a_clean_stop,
    a_permit_whose_request_row_was_edited_is_served_to_nobody,
    an_executor_row_deleted_by_hand_does_not_give_the_agent_its_reports_back,
    serve_mints_no_admin_for_a_journal_whose_token_rows_were_deleted,
    a_checkpoint_size_row_edited_by_hand_does_not_stop_the_witness,
    a_truncation_under_a_running_server_is_witnessed_at_its_stop,
    a_journal_whose_seals_were_stripped_is_not_resealed,
    every_door_refuses_a_database_rolled_back_behind_its_witness,
    a_deleted_decision_row_does_not_make_the_door_issue_its_id_again,
    a_deleted_demotion_row_does_not_lift_another_sessions_demotion,
    a_second_decided_event_for_a_decision_id_is_refused,
    a_missing_witness_is_refused_unless_the_store_is_new,
    verify_and_audit_under_the_seal_key_report_a_journal_whose_seals_were_stripped,
    token_create_and_journal_seal_refuse_a_database_rolled_back_behind_its_witness,
    under_the_seal_a_settled_decision_rolled_back_by_hand_releases_nothing,
    under_the_seal_a_settled_row_copied_over_another_is_refused,
    under_the_seal_a_used_approval_set_back_to_approved_releases_nothing,
    under_the_seal_an_undo_row_set_to_deny_does_not_permit_a_second_undo,
    under_the_seal_a_deleted_undo_row_does_not_permit_a_second_undo,
    under_the_seal_an_undo_row_deleted_alone_does_not_permit_a_second_undo,
    without_the_seal_an_undo_row_edited_or_deleted_does_not_permit_a_second_undo,
    under_the_seal_an_edited_report_detail_steers_no_undo,
    without_the_seal_an_edited_report_detail_steers_no_undo,
    an_edited_report_time_reopens_no_undo_window,
);

/// F926 (attack 26, W3): a hard link to the seal key at the witness's name is a regular file, so `O_NOFOLLOW`
/// (F388) let `serve` open it, take the key's text (no checkpoint in it) for a missing witness and append its signed
/// checkpoints into the key (65 → 467 bytes; every keyed door then exited 7). A file the door writes with another
/// name is refused, naming it, and the key is unchanged.
#[test]
fn a_hard_link_at_the_witness_is_not_written_through() {
    let e = env(Backend::Sqlite);
    let (key, _public) = e.keygen();
    assert_eq!(e.pay("100").0, 0);
    let witness = e.path("witness.txt");
    let serve_args = ["--signing-key", key.to_str().unwrap(), "--witness", witness.to_str().unwrap()];
    let victim = e.path("keys").join("seal.key");
    let before = std::fs::read(&victim).unwrap();
    std::fs::hard_link(&victim, &witness).unwrap();
    match e.start_serve(&serve_args) {
        Ok(_) => panic!("serve started with a hard link to the seal key at its witness's name"),
        Err((code, err)) => {
            assert_eq!(code, Some(8), "{err}");
            assert!(err.contains("hard links") && err.contains("witness.txt"), "{err}");
        }
    }
    assert_eq!(std::fs::read(&victim).unwrap(), before, "the seal key was written through the witness");
}

/// F926 (attack 26, H2): `-wal` or `-shm` planted beside the database as a hard link to the seal key, while no door
/// runs: the next door had SQLite write its log (the agent's text among it) or its index into the key (65 → 24,752
/// and 32,768 bytes), then unlink the name, and every keyed door exited 5. The door now refuses, naming the link, and
/// the key is unchanged.
#[test]
fn a_hard_link_at_the_databases_wal_or_shm_is_not_written_through() {
    let e = env(Backend::Sqlite);
    let (_key, _public) = e.keygen();
    assert_eq!(e.pay("100").0, 0);
    let victim = e.path("keys").join("seal.key");
    let before = std::fs::read(&victim).unwrap();
    for suffix in ["-wal", "-shm"] {
        let planted = PathBuf::from(format!("{}{suffix}", e.db));
        let _ = std::fs::remove_file(&planted);
        std::fs::hard_link(&victim, &planted).unwrap();
        let out =
            e.run(&["decide", "--agent", "bot", "--action", "payments.batch", "--params", r#"{"amount_eur": 7}"#]);
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{suffix}: a door decided with a hard link at its database's {suffix}");
        assert!(err.contains("hard links") && err.contains(&format!("t.db{suffix}")), "{suffix}: {err}");
        assert_eq!(std::fs::read(&victim).unwrap(), before, "{suffix}: SQLite wrote into the seal key");
        std::fs::remove_file(&planted).unwrap();
    }
    assert_eq!(e.pay("100").0, 0, "the links removed, the door decides again");
}

/// F942 (attack 27's H4, `dblink27.py`; RED before the fix: 4/4, `token create`, `serve` and `journal verify` each
/// wrote 131,072 B of SQLite into the other file before ADR-882's "two names" refusal): the database file itself a
/// hard link to another file of the door's user (an empty one here, as the attacker's). Every door now refuses before
/// SQLite writes a byte, naming the file and F942, and the other file stays empty.
#[test]
fn a_database_file_with_another_name_is_refused_before_sqlite_writes_into_it() {
    let e = env(Backend::Sqlite);
    let (key, _public) = e.keygen();
    let victim = e.path("victim");
    std::fs::write(&victim, b"").unwrap();
    std::fs::hard_link(&victim, &e.db).unwrap();
    for door in [&["token", "create", "--name", "bot", "--role", "agent"][..], &["journal", "verify"][..]] {
        let out = e.run(door);
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{door:?} ran on a database file with two names");
        assert!(err.contains("hard links") && err.contains("t.db") && err.contains("F942"), "{door:?}: {err}");
        assert_eq!(std::fs::metadata(&victim).unwrap().len(), 0, "{door:?}: SQLite wrote into the other file");
    }
    match e.start_serve(&["--signing-key", key.to_str().unwrap()]) {
        Ok(_) => panic!("serve started on a database file with two names"),
        Err((code, err)) => assert!(err.contains("F942"), "serve exited {code:?}: {err}"),
    }
    assert_eq!(std::fs::metadata(&victim).unwrap().len(), 0, "serve: SQLite wrote into the other file");
}

/// F944 (attack 26's F2; RED before ADR-943: the serve logged "checkpoint: witness: cannot append …" at each
/// checkpoint and went on answering decides, unwitnessed, for as long as it ran): the witness replaced under a running
/// `serve` by a symlink to the seal key. The serve now stops at the first checkpoint it cannot witness (no new
/// request; those in flight finished), exits 8 naming the witness and ADR-943, and the key is untouched.
#[test]
fn a_witness_swapped_under_a_running_serve_stops_it() {
    let e = env(Backend::Sqlite);
    let (key, _public) = e.keygen();
    let witness = e.path("witness.txt");
    let bot = token_of(&e, "bot", "agent");
    let errors = e.path("serve.err");
    let args = [
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--signing-key",
        key.to_str().unwrap(),
        "--witness",
        witness.to_str().unwrap(),
        "--checkpoint-every",
        "1",
        "--checkpoint-seconds",
        "0.2",
    ];
    let child = e
        .cmd(&args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::fs::File::create(&errors).unwrap())
        .spawn()
        .unwrap();
    let mut child = support::KillOnDrop(child);
    let stdout = child.0.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(url) = line.split(" on http://").nth(1) {
                let _ = tx.send(url.trim().to_string());
            }
        }
    });
    let addr = rx.recv_timeout(std::time::Duration::from_secs(60)).expect("serve did not start");
    let pay = |id: &str| {
        let ask = serde_json::json!({"request_id": id, "action": "payments.batch", "params": {"amount_eur": 1}});
        support::http_bytes(&addr, "POST", "/v1/decide", &bot, Some(&ask), std::time::Duration::from_secs(10))
            .map(|(status, _)| status)
    };
    assert_eq!(pay("w0").unwrap(), 200);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while std::fs::metadata(&witness).map(|m| m.len()).unwrap_or(0) == 0 {
        assert!(std::time::Instant::now() < deadline, "no checkpoint reached the witness");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let victim = e.path("keys").join("seal.key");
    let before = std::fs::read(&victim).unwrap();
    std::fs::remove_file(&witness).unwrap();
    std::os::unix::fs::symlink(&victim, &witness).unwrap();
    let (mut answered, mut n) = (0, 0);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "serve went on deciding with its witness replaced by a symlink: {answered} decides answered 200 after"
        );
        n += 1;
        if pay(&format!("w{n}")).is_ok_and(|status| status == 200) {
            answered += 1;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let said = std::fs::read_to_string(&errors).unwrap();
    assert_eq!(status.code(), Some(8), "{said}");
    assert!(said.contains("witness.txt") && said.contains("ADR-943"), "{said}");
    assert!(pay("after").is_err(), "a stopped serve answered");
    assert_eq!(std::fs::read(&victim).unwrap(), before, "the seal key was written through the witness");
}

/// Attack 29 W1 (F392, ADR-380; RED before: `witness_torn.sh`, 3 of 3 — the witness's disk filled, ADR-943 stopped
/// the serve with its last checkpoint written in part and no newline; the restart appended its next checkpoint onto
/// those bytes, and from then on every door and `journal verify` refused the untouched database as "altered or
/// signed by another key (a restored or rewritten database)"). A checkpoint cut short (a full disk, a crash
/// mid-write) is a torn tail, not a forgery: the next append cuts it, says so, and the witness verifies.
#[test]
fn a_checkpoint_torn_by_a_full_disk_is_cut_not_taken_for_a_rewritten_database() {
    // Torn inside the signature line (no newline at the end), and torn after the note's body (a whole line, no
    // signature yet).
    for cut in [CutAt::InsideTheSignature, CutAt::BeforeTheSignature] {
        let e = env(Backend::Sqlite);
        let (key, public) = e.keygen();
        let witness = e.path("witness.txt");
        assert_eq!(e.pay("10").0, 0);
        e.checkpoint(&key, &witness);
        assert_eq!(e.pay("20").0, 0);
        e.checkpoint(&key, &witness);
        let whole = std::fs::read_to_string(&witness).unwrap();
        let last = foureyes_core::checkpoint::split_notes(&whole).pop().unwrap();
        let last_start = whole.rfind(&last).unwrap();
        let kept = match cut {
            CutAt::InsideTheSignature => whole.len() - 9,
            CutAt::BeforeTheSignature => last_start + last.find("\n\n").unwrap() + 1,
        };
        std::fs::write(&witness, &whole[..kept]).unwrap();
        assert_eq!(e.pay("30").0, 0);
        let out = e.run(&[
            "journal",
            "checkpoint",
            "--signing-key",
            key.to_str().unwrap(),
            "--out",
            witness.to_str().unwrap(),
        ]);
        let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{cut:?}: {said}");
        let out = e.verify_against(&witness, &public);
        assert_eq!(out.status.code(), Some(0), "{cut:?}: {}{}", text(&out.stdout), text(&out.stderr));
        assert!(said.contains("torn"), "{cut:?}: the cut is said: {said}");
        assert_eq!(foureyes_core::checkpoint::split_notes(&std::fs::read_to_string(&witness).unwrap()).len(), 2);
        let serve_args = ["--signing-key", key.to_str().unwrap(), "--witness", witness.to_str().unwrap()];
        e.start_serve(&serve_args).unwrap_or_else(|(code, err)| panic!("{cut:?}: serve exited {code:?}: {err}"));
    }
}

/// Attack 30's W2 (`witness_newline.sh`, 2 of 2 on `738241b`): one byte — the final newline of the newest signed
/// note — deleted from the witness made that complete, signed note a "torn tail": a database rolled back to before it
/// verified (exit 0, a warning), and the next append cut the signed note away (ADR-380 removed what was signed). A
/// note whose signature line is whole is a note, newline or not (ADR-385): checked, never cut; the next append first
/// puts its newline back.
#[test]
fn a_signed_note_missing_only_its_last_newline_is_checked_and_kept() {
    let e = env(Backend::Sqlite);
    let (key, public) = e.keygen();
    let witness = e.path("witness.txt");
    let cut_last_newline = || {
        let whole = std::fs::read_to_string(&witness).unwrap();
        assert!(whole.ends_with('\n'));
        std::fs::write(&witness, &whole[..whole.len() - 1]).unwrap();
        whole[..whole.len() - 1].to_string()
    };
    assert_eq!(e.pay("10").0, 0);
    e.checkpoint(&key, &witness);
    let before = e.backup();
    assert_eq!(e.pay("20").0, 0);
    e.checkpoint(&key, &witness);
    // The next append keeps the signed note and puts its newline back.
    let kept = cut_last_newline();
    let args = ["journal", "checkpoint", "--signing-key", key.to_str().unwrap(), "--out", witness.to_str().unwrap()];
    let out = e.run(&args);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let after = std::fs::read_to_string(&witness).unwrap();
    assert!(after.starts_with(&format!("{kept}\n")), "the signed note was cut or glued: {after}");
    assert_eq!(foureyes_core::checkpoint::split_notes(&after).len(), 3, "{after}");
    // A database rolled back to before the newest note fails against it, newline or not.
    cut_last_newline();
    e.restore(&before);
    let out = e.verify_against(&witness, &public);
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(7), "the rolled-back database passed: {said}");
    assert!(said.contains("TRUNCATED"), "{said}");
}

#[derive(Debug, Clone, Copy)]
enum CutAt {
    InsideTheSignature,
    BeforeTheSignature,
}

/// Attack 25's W1 and W2 (F388, `witsym25.py key|fifo`; RED before F388: the serve appended its checkpoint to the
/// seal key a symlink at the witness's name pointed to, 65 → 265 bytes, and every keyed door then exited 7; a FIFO
/// there hung `serve` at start with no word): a writer who can reach the witness's directory, holding no key, replaced
/// the witness by a symlink or a FIFO. The witness is now opened without following a symlink and without waiting, and
/// only a regular file is read or appended to: the serve refuses to start and names the file.
#[test]
fn a_symlink_or_a_fifo_at_the_witness_is_neither_written_through_nor_waited_on() {
    let e = env(Backend::Sqlite);
    let (key, _public) = e.keygen();
    assert_eq!(e.pay("100").0, 0);
    let witness = e.path("witness.txt");
    let serve_args = ["--signing-key", key.to_str().unwrap(), "--witness", witness.to_str().unwrap()];
    drop(e.start_serve(&serve_args).unwrap_or_else(|(code, err)| panic!("serve exited {code:?}: {err}")));
    let victim = e.path("keys").join("seal.key");
    let before = std::fs::read(&victim).unwrap();
    for planted in ["a symlink to the seal key", "a FIFO"] {
        let _ = std::fs::remove_file(&witness);
        if planted == "a FIFO" {
            let made = std::process::Command::new("mkfifo").arg(&witness).status().unwrap();
            assert!(made.success());
        } else {
            std::os::unix::fs::symlink(&victim, &witness).unwrap();
        }
        let started = std::time::Instant::now();
        match e.start_serve(&serve_args) {
            Ok(_) => panic!("serve started with {planted} at its witness's name"),
            Err((code, err)) => {
                assert!(started.elapsed() < std::time::Duration::from_secs(20), "{planted} held serve at start");
                assert_eq!(code, Some(8), "{planted}: {err}");
                assert!(err.contains("not a regular file") && err.contains("witness.txt"), "{planted}: {err}");
            }
        }
        assert_eq!(std::fs::read(&victim).unwrap(), before, "{planted}: the seal key was written through the witness");
    }
}
