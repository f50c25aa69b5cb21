//! The SQLite dialect: [`SqliteTx`], the `foureyes_store::tx::WriteTx` the shared transactions (`foureyes_store::ops`)
//! run over on the writer's connection, and the reads. None of them begins or commits. Statements are prepared once
//! per connection (`prepare_cached`).

use super::Sql;
use foureyes_core::event::EventData;
use foureyes_core::journal::{ChainProblem, ChainVerifier, Encoded, Event, EventKind, GENESIS_HASH, VerifyReport};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, BudgetKind, BudgetState, DecisionId, DecisionRecord,
    DecisionStatus, DemotionRecord, DemotionStatus, NewApproval, NewDemotion, NewReservation, Reason, Verdict,
};
use foureyes_store::authority::{Appended, Authority};
use foureyes_store::tx::{NewCredentialRow, NewDecisionRow, UsageRow, WriteTx};
use foureyes_store::{DecisionFilter, StoreError};
use rusqlite::{CachedStatement, Connection, OptionalExtension, Row, params};
use serde_json::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// A statement [`Held`] for a batch, shared by its jobs.
type HeldStatement<'c> = Rc<RefCell<CachedStatement<'c>>>;

/// The writer's connection with the write path's statements taken from rusqlite's cache once per batch (issue 14,
/// ADR-981), not once per statement run: a cache look-up hashes and compares the statement's text, copies it into a
/// new key and hashes it again on return. The statements go back to the cache when the batch ends (rusqlite's
/// `Statement` borrows the connection, which the writer thread and the callers' own commits share, ADR-790, so it
/// cannot outlive the batch without `unsafe`). Found by the text's address (a literal), else by its bytes. A job
/// alone (a batch of one, ADR-413/790) runs each statement about once: it holds nothing ([`Held::once`]).
pub(crate) struct Held<'c> {
    pub conn: &'c Connection,
    statements: Option<RefCell<Vec<(&'static str, HeldStatement<'c>)>>>,
}

impl<'c> Held<'c> {
    /// For a batch of several jobs.
    pub(crate) fn new(conn: &'c Connection) -> Held<'c> {
        Held { conn, statements: Some(RefCell::new(Vec::new())) }
    }

    /// For one job alone: every statement from rusqlite's cache at each run, as before ADR-981.
    pub(crate) fn once(conn: &'c Connection) -> Held<'c> {
        Held { conn, statements: None }
    }

    /// `sql`, prepared (from rusqlite's cache the first time in this batch).
    fn get(
        &self,
        statements: &RefCell<Vec<(&'static str, HeldStatement<'c>)>>,
        sql: &'static str,
    ) -> rusqlite::Result<HeldStatement<'c>> {
        let mut statements = statements.borrow_mut();
        let same = |held: &&'static str| held.len() == sql.len() && (held.as_ptr() == sql.as_ptr() || *held == sql);
        if let Some((_, statement)) = statements.iter().find(|(held, _)| same(held)) {
            return Ok(Rc::clone(statement));
        }
        let statement = Rc::new(RefCell::new(self.conn.prepare_cached(sql)?));
        statements.push((sql, Rc::clone(&statement)));
        Ok(statement)
    }

    /// Runs `f` on `sql` prepared: the held statement, or (used already, further up this call) one from the cache.
    pub(crate) fn with<T>(
        &self,
        sql: &'static str,
        f: impl FnOnce(&mut CachedStatement<'c>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T> {
        let Some(statements) = &self.statements else {
            return f(&mut self.conn.prepare_cached(sql)?);
        };
        let statement = self.get(statements, sql)?;
        let Ok(mut held) = statement.try_borrow_mut() else {
            return f(&mut self.conn.prepare_cached(sql)?);
        };
        f(&mut held)
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

/// The `budgets` column: `serde_json::to_string(budgets)` byte for byte (the members in `BudgetState`'s declaration
/// order, its `serde` attributes honoured), written directly rather than through serde, which formatted each of a
/// budget's four decimals through `rust_decimal`'s digit loop over its 96-bit mantissa: ~6k instructions a decision
/// of one budget (ADR-1023). Each budget is taken apart without `..`: a field added to `BudgetState` does not compile
/// until it is written here.
fn budgets_json(budgets: &[BudgetState]) -> String {
    use foureyes_core::canonical::{push_decimal_string as decimal, push_integer, push_json_string as string};
    let mut out = Vec::with_capacity(64 + 256 * budgets.len());
    out.push(b'[');
    for (i, budget) in budgets.iter().enumerate() {
        let BudgetState {
            kind,
            key,
            param,
            per,
            limit,
            consumed,
            requested,
            remaining,
            resets_at_ms,
            exceeded,
            effect,
        } = budget;
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"kind\":");
        string(
            &mut out,
            match kind {
                BudgetKind::Limit => "limit",
                BudgetKind::Budget => "budget",
            },
        );
        out.extend_from_slice(b",\"key\":");
        string(&mut out, key);
        if let Some(param) = param {
            out.extend_from_slice(b",\"param\":");
            string(&mut out, param);
        }
        out.extend_from_slice(b",\"per\":");
        string(&mut out, per);
        out.extend_from_slice(b",\"limit\":");
        decimal(&mut out, limit);
        out.extend_from_slice(b",\"consumed\":");
        decimal(&mut out, consumed);
        out.extend_from_slice(b",\"requested\":");
        decimal(&mut out, requested);
        out.extend_from_slice(b",\"remaining\":");
        decimal(&mut out, remaining);
        out.extend_from_slice(b",\"resets_at_ms\":");
        push_integer(&mut out, *resets_at_ms);
        out.extend_from_slice(if *exceeded { b",\"exceeded\":true" } else { b",\"exceeded\":false" });
        if let Some(effect) = effect {
            out.extend_from_slice(b",\"effect\":");
            string(&mut out, effect);
        }
        out.push(b'}');
    }
    out.push(b']');
    // Only whole UTF-8 strings and ASCII were written.
    String::from_utf8(out).unwrap_or_else(|_| to_json(&budgets))
}

/// The `reasons` column: `serde_json::to_string(reasons)` byte for byte, written directly (ADR-1023).
fn reasons_json(reasons: &[Reason]) -> String {
    use foureyes_core::canonical::push_json_string as string;
    let mut out = Vec::with_capacity(32 + 128 * reasons.len());
    out.push(b'[');
    for (i, reason) in reasons.iter().enumerate() {
        let Reason { code, message } = reason;
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"code\":");
        string(&mut out, code.as_str());
        out.extend_from_slice(b",\"message\":");
        string(&mut out, message);
        out.push(b'}');
    }
    out.push(b']');
    String::from_utf8(out).unwrap_or_else(|_| to_json(&reasons))
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Backend(format!("stored {what} is not valid: {e}")))
}

/// Appends one event to the journal, chained to the current head, sealed when this door holds the seal key
/// (`Authority::seal_for_append`, ADR-420).
pub(crate) fn append(
    c: &Connection,
    authority: &Authority,
    ts_ms: i64,
    data: EventData,
) -> Result<Encoded, StoreError> {
    let held = Held::once(c);
    let (prev_seq, prev_hash, prev_seal) = head(&held)?;
    append_after(&held, authority, (prev_seq, &prev_hash, prev_seal.as_deref()), ts_ms, &data).map(|(event, _)| event)
}

/// Appends one event chained to `(prev_seq, prev_hash)`, which must be the head (`prev_seal`: the head event's
/// seal, if it carries one); returns it and the seal it was stored with.
fn append_after(
    c: &Held<'_>,
    authority: &Authority,
    (prev_seq, prev_hash, prev_seal): (u64, &str, Option<&str>),
    ts_ms: i64,
    data: &EventData,
) -> Result<(Encoded, Option<String>), StoreError> {
    let event = Encoded::next(prev_seq, prev_hash, ts_ms, data).map_err(StoreError::Unjournalable)?;
    let seal = authority.seal_for_append(prev_seq, prev_hash, prev_seal, &event)?;
    let sql = "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash, seal) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
    c.with(sql, |s| {
        s.execute(params![
            event.seq as i64,
            event.ts_ms,
            event.kind.as_str(),
            event.data,
            event.prev_hash,
            event.hash,
            seal
        ])
    })
    .sql()?;
    Ok((event, seal))
}

/// One write transaction on the writer's connection (inside its batch's savepoint), with this store's authority
/// state (ADR-180).
pub(crate) struct SqliteTx<'t, 'c> {
    pub conn: &'c Connection,
    /// The batch's statements (ADR-981).
    held: &'t Held<'c>,
    pub authority: &'t mut Authority,
    /// The journal's head once this transaction has read it: nothing else writes while it holds the write lock, so
    /// each append chains onto it without reading it again.
    head: Option<(u64, String, Option<String>)>,
    /// The events it appended, for [`Authority::apply_appended`] once its work stands (ADR-410).
    pub appended: Vec<Appended>,
}

impl<'t, 'c> SqliteTx<'t, 'c> {
    pub(crate) fn new(held: &'t Held<'c>, authority: &'t mut Authority) -> SqliteTx<'t, 'c> {
        SqliteTx { conn: held.conn, held, authority, head: None, appended: Vec::new() }
    }
}

/// The journal's head: its last event's `(seq, hash)` and whether it carries a seal (ADR-420), or
/// `(0, GENESIS_HASH, false)`.
fn head(c: &Held<'_>) -> Result<(u64, String, Option<String>), StoreError> {
    let head: Option<(i64, String, Option<String>)> = c
        .with("SELECT seq, hash, seal FROM journal ORDER BY seq DESC LIMIT 1", |s| {
            s.query_row([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).optional()
        })
        .sql()?;
    Ok(head.map_or((0, GENESIS_HASH.to_string(), None), |(s, h, seal)| (s as u64, h, seal)))
}

impl SqliteTx<'_, '_> {
    /// Runs `sql` (prepared once per connection, held for the batch: ADR-981); returns the rows changed.
    fn exec(&self, sql: &'static str, params: impl rusqlite::Params) -> Result<u64, StoreError> {
        Ok(self.held.with(sql, |s| s.execute(params)).sql()? as u64)
    }

    /// The one row of `sql`, if any (held for the batch).
    fn one<T>(
        &self,
        sql: &'static str,
        params: impl rusqlite::Params,
        f: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Option<T>, StoreError> {
        self.held.with(sql, |s| s.query_row(params, f).optional()).sql()
    }

    /// [`SqliteTx::one`] of a statement built at run time (from rusqlite's cache at each call).
    fn one_built<T>(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        f: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Option<T>, StoreError> {
        self.conn.prepare_cached(sql).sql()?.query_row(params, f).optional().sql()
    }
}

impl WriteTx for SqliteTx<'_, '_> {
    async fn append(&mut self, ts_ms: i64, data: EventData) -> Result<Encoded, StoreError> {
        let (prev_seq, prev_hash, prev_seal) = match self.head.take() {
            Some(head) => head,
            None => head(self.held)?,
        };
        let prev = (prev_seq, prev_hash.as_str(), prev_seal.as_deref());
        let (event, seal) = append_after(self.held, self.authority, prev, ts_ms, &data)?;
        self.head = Some((event.seq, event.hash.clone(), seal.clone()));
        self.appended.push(Appended::new(&event, data, seal));
        Ok(event)
    }

    async fn append_decided(
        &mut self,
        ts_ms: i64,
        decided: foureyes_core::event::Decided,
        fingerprint: String,
    ) -> Result<Encoded, StoreError> {
        let event = self.append(ts_ms, EventData::Decided(decided)).await?;
        if let Some(appended) = self.appended.last_mut() {
            appended.fingerprint = Some(fingerprint);
        }
        Ok(event)
    }

    fn authority(&mut self) -> &mut Authority {
        self.authority
    }

    async fn head(&mut self) -> Result<(u64, String), StoreError> {
        if let Some((seq, hash, _)) = &self.head {
            return Ok((*seq, hash.clone()));
        }
        let (seq, hash, seal) = head(self.held)?;
        self.head = Some((seq, hash.clone(), seal));
        Ok((seq, hash))
    }

    async fn journal_after(&mut self, after_seq: u64, limit: u32) -> Result<Vec<(Event, Option<String>)>, StoreError> {
        journal_page_sealed(self.conn, after_seq, limit)
    }

    async fn idempotency(&mut self, agent: &str, request_id: &str) -> Result<Option<(String, DecisionId)>, StoreError> {
        self.one(
            "SELECT fingerprint, decision_id FROM idempotency WHERE agent = ?1 AND request_id = ?2",
            params![agent, request_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    }

    async fn decision(&mut self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
        load_decision(self.conn, id)
    }

    async fn settled_seal(&mut self, id: DecisionId) -> Result<Option<String>, StoreError> {
        Ok(self.one("SELECT settled FROM decisions WHERE id = ?1", params![id], |r| r.get(0))?.flatten())
    }

    async fn approval(&mut self, id: ApprovalId) -> Result<Option<ApprovalRecord>, StoreError> {
        load_approval_raw(self.conn, id)
    }

    async fn approval_settled_seal(&mut self, id: ApprovalId) -> Result<Option<String>, StoreError> {
        Ok(self.one("SELECT settled FROM approvals WHERE id = ?1", params![id], |r| r.get(0))?.flatten())
    }

    async fn usage(&mut self, action: &str, key: &str, scope: &str, since_ms: i64) -> Result<UsageRow, StoreError> {
        let row = self.one(
            "SELECT COUNT(*), COALESCE(SUM(units), 0), MIN(ts_ms) FROM reservations
             WHERE action = ?1 AND key = ?2 AND scope = ?3 AND released = 0 AND ts_ms >= ?4",
            params![action, key, scope, since_ms],
            |r| Ok(UsageRow { count: r.get::<_, i64>(0)? as u64, units: r.get(1)?, oldest_ms: r.get(2)? }),
        )?;
        Ok(row.unwrap_or_default())
    }

    async fn undone_by(&mut self, target: DecisionId) -> Result<Option<DecisionId>, StoreError> {
        self.one(
            "SELECT id FROM decisions WHERE undo_of = ?1 AND verdict = 'permit' AND status IN ('intended', 'executed', 'unknown') LIMIT 1",
            params![target],
            |r| r.get(0),
        )
    }

    async fn setting(&mut self, name: &str) -> Result<Option<String>, StoreError> {
        self.one("SELECT value FROM settings WHERE name = ?1", params![name], |r| r.get(0))
    }

    async fn approvals_due(&mut self, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT id FROM approvals WHERE status IN ('pending', 'approved') AND expires_ms <= ?1 ORDER BY id",
            )
            .sql()?;
        let rows = stmt.query_map(params![now_ms], |r| r.get(0)).sql()?;
        rows.collect::<Result<_, _>>().sql()
    }

    async fn active_demotions(&mut self, agent: &str, session_key: &str) -> Result<Vec<DemotionRecord>, StoreError> {
        let sql = format!(
            "SELECT {} FROM session_demotions WHERE agent = ?1 AND session IN (?2, '') AND status = 'active' ORDER BY id",
            super::sessions::COLUMNS
        );
        let mut stmt = self.conn.prepare_cached(&sql).sql()?;
        let rows = stmt.query_map(params![agent, session_key], super::sessions::from_row).sql()?;
        rows.map(|r| r.sql()?).collect()
    }

    async fn last_demotion(&mut self, agent: &str, session_key: &str) -> Result<Option<DemotionRecord>, StoreError> {
        let sql = format!(
            "SELECT {} FROM session_demotions WHERE agent = ?1 AND session = ?2 ORDER BY id DESC LIMIT 1",
            super::sessions::COLUMNS
        );
        self.one_built(&sql, params![agent, session_key], super::sessions::from_row)?.transpose()
    }

    async fn session_denials(&mut self, agent: &str, session_key: &str, since_ms: i64) -> Result<u64, StoreError> {
        let count = self.one(
            "SELECT COUNT(*) FROM decisions WHERE agent = ?1 AND session = ?2 AND session_denial = 1 AND decided_ms >= ?3",
            params![agent, session_key, since_ms],
            |r| r.get::<_, i64>(0),
        )?;
        Ok(count.unwrap_or(0) as u64)
    }

    async fn credential_names(&mut self) -> Result<Vec<String>, StoreError> {
        let mut stmt = self.conn.prepare_cached("SELECT name FROM tokens").sql()?;
        let names = stmt.query_map([], |r| r.get::<_, String>(0)).sql()?;
        names.collect::<rusqlite::Result<Vec<String>>>().sql()
    }

    async fn live_agent(&mut self, name: &str) -> Result<bool, StoreError> {
        let sql = "SELECT 1 FROM tokens WHERE name = ?1 AND role = 'agent' AND revoked_ms IS NULL";
        Ok(self.one(sql, params![name], |_| Ok(()))?.is_some())
    }

    async fn insert_decision(&mut self, row: NewDecisionRow<'_>) -> Result<DecisionId, StoreError> {
        let NewDecisionRow { id_floor, request, decision, status, supersedes, policy_sha256, now_ms, journal_seq } =
            row;
        self.exec(
            "INSERT INTO decisions (agent, request_id, action, request, verdict, tier, reasons, budgets, approval_id, would_have,
                                    digest, status, supersedes, decided_ms, policy_sha256, undo_of, journal_seq, session,
                                    session_denial, id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?19, ?17, ?18,
                     MAX(?20, (SELECT COALESCE(MAX(id), 0) + 1 FROM decisions)))",
            params![
                request.agent,
                request.request_id,
                request.action,
                to_json(request),
                decision.verdict.as_str(),
                decision.tier,
                reasons_json(&decision.reasons),
                budgets_json(&decision.budgets),
                decision.approval_id,
                decision.would_have.map(|v| v.as_str()),
                decision.digest,
                status.as_str(),
                supersedes,
                now_ms,
                policy_sha256,
                request.undo_of,
                foureyes_store::tx::session_key(request.session.as_deref()),
                decision.session_denial,
                journal_seq as i64,
                id_floor,
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    async fn insert_approval(
        &mut self,
        id_floor: ApprovalId,
        decision_id: DecisionId,
        request: &ActionRequest,
        reasons: &[Reason],
        new: &NewApproval,
        now_ms: i64,
    ) -> Result<ApprovalId, StoreError> {
        self.exec(
            "INSERT INTO approvals (decision_id, request, reasons, digest, required, step_up, acknowledged, status, created_ms, expires_ms, id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8, ?9, MAX(?10, (SELECT COALESCE(MAX(id), 0) + 1 FROM approvals)))",
            params![
                decision_id,
                to_json(request),
                to_json(&reasons),
                new.digest,
                new.required,
                new.step_up,
                to_json(&new.acknowledged),
                now_ms,
                new.expires_at_ms,
                id_floor
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    async fn set_decision_approval(
        &mut self,
        decision_id: DecisionId,
        approval_id: ApprovalId,
    ) -> Result<(), StoreError> {
        self.exec("UPDATE decisions SET approval_id = ?1 WHERE id = ?2", params![approval_id, decision_id])?;
        Ok(())
    }

    async fn insert_reservation(
        &mut self,
        id_floor: i64,
        decision_id: DecisionId,
        action: &str,
        r: &NewReservation,
        units: i64,
        now_ms: i64,
    ) -> Result<i64, StoreError> {
        self.exec(
            "INSERT INTO reservations (id, decision_id, action, key, scope, amount, units, ts_ms)
             VALUES (MAX(?1, (SELECT COALESCE(MAX(id), 0) + 1 FROM reservations)), ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![id_floor, decision_id, action, r.key, r.scope, r.amount.to_string(), units, now_ms],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    async fn consume_approval(&mut self, approval_id: ApprovalId, decision_id: DecisionId) -> Result<u64, StoreError> {
        self.exec(
            "UPDATE approvals SET status = 'consumed', consumed_by = ?1 WHERE id = ?2 AND status = 'approved'",
            params![decision_id, approval_id],
        )
    }

    async fn set_decision_status(&mut self, id: DecisionId, status: DecisionStatus) -> Result<(), StoreError> {
        self.exec("UPDATE decisions SET status = ?1 WHERE id = ?2", params![status.as_str(), id])?;
        Ok(())
    }

    async fn set_decision_reasons(&mut self, id: DecisionId, reasons: &[Reason]) -> Result<(), StoreError> {
        self.exec("UPDATE decisions SET reasons = ?1 WHERE id = ?2", params![to_json(&reasons), id])?;
        Ok(())
    }

    async fn clear_supersedes(&mut self, id: DecisionId) -> Result<(), StoreError> {
        self.exec("UPDATE decisions SET supersedes = NULL WHERE id = ?1", params![id])?;
        Ok(())
    }

    async fn set_journal_seq(&mut self, id: DecisionId, seq: u64) -> Result<(), StoreError> {
        self.exec("UPDATE decisions SET journal_seq = ?1 WHERE id = ?2", params![seq as i64, id])?;
        Ok(())
    }

    async fn seal_settled(&mut self, id: DecisionId, text: &str) -> Result<bool, StoreError> {
        Ok(self.exec("UPDATE decisions SET settled = ?2 WHERE id = ?1 AND settled IS NOT ?2", params![id, text])? > 0)
    }

    async fn seal_settled_approval(&mut self, id: ApprovalId, text: &str) -> Result<bool, StoreError> {
        Ok(self.exec("UPDATE approvals SET settled = ?2 WHERE id = ?1 AND settled IS NOT ?2", params![id, text])? > 0)
    }

    async fn insert_idempotency(
        &mut self,
        agent: &str,
        request_id: &str,
        fingerprint: &str,
        decision_id: DecisionId,
    ) -> Result<(), StoreError> {
        self.exec(
            "INSERT INTO idempotency (agent, request_id, fingerprint, decision_id) VALUES (?1, ?2, ?3, ?4)",
            params![agent, request_id, fingerprint, decision_id],
        )?;
        Ok(())
    }

    async fn repoint_idempotency(
        &mut self,
        agent: &str,
        request_id: &str,
        fingerprint: &str,
        decision_id: DecisionId,
    ) -> Result<(), StoreError> {
        self.exec(
            "UPDATE idempotency SET decision_id = ?1, fingerprint = ?2 WHERE agent = ?3 AND request_id = ?4",
            params![decision_id, fingerprint, agent, request_id],
        )?;
        Ok(())
    }

    async fn release_reservations(&mut self, decision_id: DecisionId) -> Result<Vec<i64>, StoreError> {
        // Each row by its id, as the journal holds them (ADR-180: the rows follow; ADR-920): no index on `decision_id`
        // or on the live rows is kept for this, since every decision would pay for one. The row must still be this
        // decision's and held.
        let held = self.authority.held_by(decision_id);
        let sql = "UPDATE reservations SET released = 1 WHERE id = ?1 AND decision_id = ?2 AND released = 0";
        let mut released = Vec::with_capacity(held.len());
        for id in held {
            if self.exec(sql, params![id, decision_id])? > 0 {
                released.push(id);
            }
        }
        released.sort_unstable();
        Ok(released)
    }

    async fn set_reported(
        &mut self,
        id: DecisionId,
        status: DecisionStatus,
        now_ms: i64,
        detail: &Value,
    ) -> Result<(), StoreError> {
        self.exec(
            "UPDATE decisions SET status = ?1, reported_ms = ?2, report_detail = ?3 WHERE id = ?4",
            params![status.as_str(), now_ms, to_json(detail), id],
        )?;
        Ok(())
    }

    async fn insert_vote(&mut self, approval_id: ApprovalId, approver: &str, now_ms: i64) -> Result<(), StoreError> {
        self.exec(
            "INSERT INTO approval_votes (approval_id, approver, ts_ms) VALUES (?1, ?2, ?3)",
            params![approval_id, approver, now_ms],
        )?;
        Ok(())
    }

    async fn expire_approval(&mut self, id: ApprovalId) -> Result<(), StoreError> {
        self.exec("UPDATE approvals SET status = 'expired' WHERE id = ?1", params![id])?;
        Ok(())
    }

    async fn approve_approval(&mut self, id: ApprovalId, approver: &str) -> Result<(), StoreError> {
        self.exec("UPDATE approvals SET status = 'approved', decided_by = ?1 WHERE id = ?2", params![approver, id])?;
        Ok(())
    }

    async fn reject_approval(
        &mut self,
        id: ApprovalId,
        approver: &str,
        reason: Option<&str>,
    ) -> Result<(), StoreError> {
        self.exec(
            "UPDATE approvals SET status = 'rejected', decided_by = ?1, reject_reason = ?2 WHERE id = ?3",
            params![approver, reason, id],
        )?;
        Ok(())
    }

    async fn revoke_approval(&mut self, id: ApprovalId, by: &str, why: &str) -> Result<u64, StoreError> {
        self.exec(
            "UPDATE approvals SET status = 'revoked', revoked_by = ?1, revoke_reason = ?2 WHERE id = ?3 AND status = 'approved'",
            params![by, why, id],
        )
    }

    async fn set_setting(&mut self, name: &str, value: &str) -> Result<(), StoreError> {
        self.exec(
            "INSERT INTO settings (name, value) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
            params![name, value],
        )?;
        Ok(())
    }

    async fn insert_demotion(
        &mut self,
        id_floor: i64,
        agent: &str,
        session_key: &str,
        new: &NewDemotion,
        decision_id: DecisionId,
        now_ms: i64,
    ) -> Result<i64, StoreError> {
        self.exec(
            "INSERT INTO session_demotions (id, agent, session, signal, reason, decision_id, started_ms, until_ms, status)
             VALUES (MAX(?1, (SELECT COALESCE(MAX(id), 0) + 1 FROM session_demotions)), ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'active')",
            params![id_floor, agent, session_key, new.signal.as_str(), new.reason, decision_id, now_ms, new.until_ms],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    async fn end_demotion(
        &mut self,
        id: i64,
        status: DemotionStatus,
        ended_ms: i64,
        by: Option<&str>,
        why: Option<&str>,
    ) -> Result<(), StoreError> {
        self.exec(
            "UPDATE session_demotions SET status = ?1, ended_ms = ?2, ended_by = ?3, ended_reason = ?4 WHERE id = ?5",
            params![status.as_str(), ended_ms, by, why, id],
        )?;
        Ok(())
    }

    async fn insert_credential(&mut self, row: NewCredentialRow<'_>) -> Result<(), StoreError> {
        self.exec(
            "INSERT INTO tokens (name, role, token_hash, totp_secret, created_ms, serves) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![row.name, row.role.as_str(), row.token_sha256, row.totp_secret, row.now_ms, row.serves],
        )?;
        Ok(())
    }

    async fn revoke_credential(&mut self, name: &str, now_ms: i64) -> Result<u64, StoreError> {
        self.exec("UPDATE tokens SET revoked_ms = ?1 WHERE name = ?2 AND revoked_ms IS NULL", params![now_ms, name])
    }

    async fn advance_totp_step(&mut self, name: &str, step: u64) -> Result<bool, StoreError> {
        let step = i64::try_from(step).map_err(|_| StoreError::Backend(format!("TOTP step {step} is out of range")))?;
        let changed = self.exec(
            "UPDATE tokens SET totp_last_step = ?1
             WHERE name = ?2 AND revoked_ms IS NULL AND (totp_last_step IS NULL OR totp_last_step < ?1)",
            params![step, name],
        )?;
        Ok(changed == 1)
    }

    async fn delete_sessions_of(&mut self, principal: &str) -> Result<(), StoreError> {
        self.exec("DELETE FROM sessions WHERE principal = ?1", params![principal])?;
        Ok(())
    }

    async fn list_decisions(&mut self, filter: &DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError> {
        list_decisions(self.conn, filter)
    }

    async fn list_approvals(&mut self) -> Result<Vec<ApprovalRecord>, StoreError> {
        approval_ids(self.conn)?.into_iter().filter_map(|id| load_approval_raw(self.conn, id).transpose()).collect()
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

const DECISION_COLUMNS: &str =
    "id, request, verdict, tier, reasons, budgets, approval_id, would_have, digest, status, supersedes,
                                decided_ms, reported_ms, report_detail, policy_sha256";

fn decision_from_row(r: &Row<'_>) -> rusqlite::Result<Result<DecisionRecord, StoreError>> {
    let request: String = r.get(1)?;
    let verdict: String = r.get(2)?;
    let reasons: String = r.get(4)?;
    let budgets: String = r.get(5)?;
    let would_have: Option<String> = r.get(7)?;
    let status: String = r.get(9)?;
    let detail: Option<String> = r.get(13)?;
    let fields = (r.get(0)?, r.get(3)?, r.get(6)?, r.get(8)?, r.get(10)?, r.get(11)?, r.get(12)?, r.get(14)?);
    Ok((|| {
        let (decision_id, tier, approval_id, digest, supersedes, decided_at_ms, reported_at_ms, policy_sha256) = fields;
        Ok(DecisionRecord {
            decision_id,
            request: from_json(&request, "request")?,
            verdict: Verdict::parse(&verdict)
                .ok_or_else(|| StoreError::Backend(format!("stored verdict `{verdict}`")))?,
            tier,
            reasons: from_json(&reasons, "reasons")?,
            budgets: from_json(&budgets, "budgets")?,
            approval_id,
            would_have: would_have.as_deref().and_then(Verdict::parse),
            digest,
            status: DecisionStatus::parse(&status)
                .ok_or_else(|| StoreError::Backend(format!("stored status `{status}`")))?,
            supersedes,
            decided_at_ms,
            reported_at_ms,
            report_detail: detail.as_deref().map(|d| from_json(d, "report detail")).transpose()?,
            policy_sha256,
        })
    })())
}

pub(crate) fn load_decision(c: &Connection, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
    let sql = format!("SELECT {DECISION_COLUMNS} FROM decisions WHERE id = ?1");
    c.prepare_cached(&sql).sql()?.query_row(params![id], decision_from_row).optional().sql()?.transpose()
}

pub(crate) fn list_decisions(c: &Connection, filter: &DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError> {
    let status = filter.status.map(|s| s.as_str());
    let sql = format!(
        "SELECT {DECISION_COLUMNS} FROM decisions WHERE (?1 IS NULL OR status = ?1) AND (?3 IS NULL OR id < ?3) \
         ORDER BY id DESC LIMIT ?2"
    );
    let mut stmt = c.prepare_cached(&sql).sql()?;
    let rows = stmt.query_map(params![status, filter.page_size(), filter.before], decision_from_row).sql()?;
    rows.map(|r| r.sql()?).collect()
}

const APPROVAL_COLUMNS: &str = "id, decision_id, request, reasons, digest, required, step_up, acknowledged, status, created_ms, expires_ms, decided_by, reject_reason, consumed_by, revoked_by, revoke_reason";

fn load_approval_raw(c: &Connection, id: ApprovalId) -> Result<Option<ApprovalRecord>, StoreError> {
    let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = ?1");
    let Some(mut record) =
        c.prepare_cached(&sql).sql()?.query_row(params![id], approval_from_row).optional().sql()?.transpose()?
    else {
        return Ok(None);
    };
    record.approvers = approvers(c, id)?;
    Ok(Some(record))
}

fn approvers(c: &Connection, id: ApprovalId) -> Result<Vec<String>, StoreError> {
    let mut stmt = c
        .prepare_cached("SELECT approver FROM approval_votes WHERE approval_id = ?1 ORDER BY ts_ms, approver")
        .sql()?;
    let rows = stmt.query_map(params![id], |r| r.get(0)).sql()?;
    rows.collect::<Result<_, _>>().sql()
}

fn approval_from_row(r: &Row<'_>) -> rusqlite::Result<Result<ApprovalRecord, StoreError>> {
    let request: String = r.get(2)?;
    let reasons: String = r.get(3)?;
    let acknowledged: String = r.get(7)?;
    let status: String = r.get(8)?;
    let fields = (
        r.get(0)?,
        r.get(1)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(9)?,
        r.get(10)?,
        r.get(11)?,
        r.get(12)?,
        r.get(13)?,
        r.get(14)?,
        r.get(15)?,
    );
    Ok((|| {
        let (
            approval_id,
            decision_id,
            digest,
            required,
            step_up,
            created_at_ms,
            expires_at_ms,
            decided_by,
            reject_reason,
            consumed_by,
            revoked_by,
            revoke_reason,
        ) = fields;
        Ok(ApprovalRecord {
            approval_id,
            decision_id,
            request: from_json(&request, "approval request")?,
            reasons: from_json(&reasons, "approval reasons")?,
            digest,
            required,
            step_up,
            acknowledged: from_json(&acknowledged, "acknowledged")?,
            approvers: Vec::new(),
            status: ApprovalStatus::parse(&status)
                .ok_or_else(|| StoreError::Backend(format!("stored approval status `{status}`")))?,
            created_at_ms,
            expires_at_ms,
            decided_by,
            reject_reason,
            consumed_by,
            revoked_by,
            revoke_reason,
        })
    })())
}

/// Reads an approval with its status as of `now_ms` (a read never writes the `expired` event; writes do).
pub(crate) fn load_approval(c: &Connection, id: ApprovalId, now_ms: i64) -> Result<Option<ApprovalRecord>, StoreError> {
    Ok(load_approval_raw(c, id)?.map(|mut a| {
        a.status = a.effective_status(now_ms);
        a
    }))
}

fn approval_ids(c: &Connection) -> Result<Vec<ApprovalId>, StoreError> {
    c.prepare("SELECT id FROM approvals ORDER BY id")
        .sql()?
        .query_map([], |r| r.get(0))
        .sql()?
        .collect::<Result<_, _>>()
        .sql()
}

pub(crate) fn list_approvals(
    c: &Connection,
    status: Option<ApprovalStatus>,
    now_ms: i64,
) -> Result<Vec<ApprovalRecord>, StoreError> {
    let mut out = Vec::new();
    for id in approval_ids(c)? {
        if let Some(a) = load_approval(c, id, now_ms)?
            && status.is_none_or(|s| s == a.status)
        {
            out.push(a);
        }
    }
    Ok(out)
}

fn event_from_row(r: &Row<'_>) -> rusqlite::Result<Result<Event, (u64, String)>> {
    let seq = r.get::<_, i64>(0)? as u64;
    let kind: String = r.get(2)?;
    let data: String = r.get(3)?;
    let ts_ms: i64 = r.get(1)?;
    let prev_hash: String = r.get(4)?;
    let hash: String = r.get(5)?;
    Ok((|| {
        let kind = EventKind::parse(&kind).ok_or_else(|| (seq, format!("unknown kind `{kind}`")))?;
        let data: Value = serde_json::from_str(&data).map_err(|e| (seq, format!("data is not JSON: {e}")))?;
        Ok(Event { seq, ts_ms, kind, data, prev_hash, hash })
    })())
}

pub(crate) fn journal_page(c: &Connection, after_seq: u64, limit: u32) -> Result<Vec<Event>, StoreError> {
    let mut stmt = c
        .prepare_cached(
            "SELECT seq, ts_ms, kind, data, prev_hash, hash FROM journal WHERE seq > ?1 ORDER BY seq LIMIT ?2",
        )
        .sql()?;
    // Clamped, not wrapped: `after_seq as i64` made u64::MAX (and anything past i64::MAX) read from the start.
    let after = i64::try_from(after_seq).unwrap_or(i64::MAX);
    let rows = stmt.query_map(params![after, limit.min(100_000)], event_from_row).sql()?;
    let mut out = Vec::new();
    for row in rows {
        out.push(row.sql()?.map_err(|(seq, m)| StoreError::Backend(format!("journal seq {seq}: {m}")))?);
    }
    Ok(out)
}

/// [`journal_page`] with each event's seal (ADR-420).
pub(crate) fn journal_page_sealed(
    c: &Connection,
    after_seq: u64,
    limit: u32,
) -> Result<Vec<(Event, Option<String>)>, StoreError> {
    let mut stmt = c
        .prepare_cached(
            "SELECT seq, ts_ms, kind, data, prev_hash, hash, seal FROM journal WHERE seq > ?1 ORDER BY seq LIMIT ?2",
        )
        .sql()?;
    let after = i64::try_from(after_seq).unwrap_or(i64::MAX);
    let rows = stmt
        .query_map(params![after, limit.min(100_000)], |r| Ok((event_from_row(r)?, r.get::<_, Option<String>>(6)?)))
        .sql()?;
    let mut out = Vec::new();
    for row in rows {
        let (event, seal) = row.sql()?;
        out.push((event.map_err(|(seq, m)| StoreError::Backend(format!("journal seq {seq}: {m}")))?, seal));
    }
    Ok(out)
}

pub(crate) fn for_each_event(c: &Connection, mut f: impl FnMut(&Event)) -> Result<(), StoreError> {
    let mut stmt = c.prepare("SELECT seq, ts_ms, kind, data, prev_hash, hash FROM journal ORDER BY seq").sql()?;
    let rows = stmt.query_map([], event_from_row).sql()?;
    for row in rows {
        let event = row.sql()?.map_err(|(seq, m)| StoreError::Backend(format!("journal seq {seq}: {m}")))?;
        f(&event);
    }
    Ok(())
}

/// Walks the whole chain, hashing each event's stored bytes as they are ([`ChainVerifier::check_stored`]: no JSON is
/// parsed unless an event's stored bytes do not give its hash), reading each row's text in place.
pub(crate) fn verify_journal(c: &Connection) -> Result<VerifyReport, StoreError> {
    let mut stmt = c.prepare("SELECT seq, ts_ms, kind, data, prev_hash, hash FROM journal ORDER BY seq").sql()?;
    let mut rows = stmt.query([]).sql()?;
    let mut verifier = ChainVerifier::default();
    let mut events = 0;
    while let Some(r) = rows.next().sql()? {
        let seq = verifier.expected_seq();
        let text = |i: usize| r.get_ref(i).ok().and_then(|v| v.as_str().ok());
        let (Some(kind), Some(data), Some(prev_hash), Some(hash)) = (text(2), text(3), text(4), text(5)) else {
            let detail = "a column that must be text is not".to_string();
            return Ok(VerifyReport::Corrupt { events, seq, line: None, problem: ChainProblem::Malformed { detail } });
        };
        let (row_seq, ts_ms) = (r.get::<_, i64>(0).sql()?, r.get::<_, i64>(1).sql()?);
        if let Err(e) = verifier.check_stored(row_seq as u64, ts_ms, kind, data, prev_hash, hash) {
            return Ok(VerifyReport::Corrupt { events, seq: e.seq, line: None, problem: e.problem });
        }
        events += 1;
    }
    Ok(VerifyReport::Ok { events, head_seq: verifier.expected_seq() - 1, head_hash: verifier.head_hash().to_string() })
}

/// Every audited table's rows ([`foureyes_store::replay::AUDITED`]), as the audit compares them.
/// Each row of each [`foureyes_store::replay::AUDITED`] table as [`foureyes_store::replay::AuditedTable::select`]
/// reads it, one at a time (ADR-1058).
pub(crate) fn for_each_table_row(
    c: &Connection,
    mut f: impl FnMut(&foureyes_store::replay::AuditedTable, Vec<Option<String>>),
) -> Result<(), StoreError> {
    for audited in foureyes_store::replay::AUDITED {
        let mut stmt = c.prepare(&audited.select()).sql()?;
        let width = audited.columns.len() + 1;
        let mut rows = stmt.query([]).sql()?;
        while let Some(r) = rows.next().sql()? {
            let values = (0..width).map(|i| r.get::<_, Option<String>>(i)).collect::<rusqlite::Result<Vec<_>>>();
            f(audited, values.sql()?);
        }
    }
    Ok(())
}

#[cfg(test)]
mod held_tests {
    #![allow(clippy::unwrap_used)]
    use super::Held;
    use rusqlite::Connection;

    /// ADR-981: a batch takes each statement from the cache once and runs it again from there; a statement run again
    /// while it is in use (a nested call) gets one of its own rather than a second borrow of the held one.
    #[test]
    fn a_batch_holds_each_statement_once_and_a_nested_use_gets_its_own() {
        let c = Connection::open_in_memory().unwrap();
        c.execute_batch("CREATE TABLE t (x INTEGER)").unwrap();
        let held = Held::new(&c);
        for x in 0..3 {
            held.with("INSERT INTO t (x) VALUES (?1)", |s| s.execute([x])).unwrap();
        }
        let select = "SELECT COUNT(*) FROM t";
        let (outer, inner) = held
            .with(select, |s| {
                let outer: i64 = s.query_row([], |r| r.get(0))?;
                let inner: i64 = held.with(select, |s| s.query_row([], |r| r.get(0)))?;
                Ok((outer, inner))
            })
            .unwrap();
        assert_eq!((outer, inner), (3, 3));
        assert_eq!(held.statements.as_ref().map(|s| s.borrow().len()), Some(2), "two statements held, once each");
        let alone = Held::once(&c);
        assert_eq!(alone.with(select, |s| s.query_row([], |r| r.get::<_, i64>(0))).unwrap(), 3);
        assert!(alone.statements.is_none(), "a job alone holds nothing");
    }
}

#[cfg(test)]
mod column_tests {
    #![allow(clippy::unwrap_used)]
    use super::{budgets_json, reasons_json, to_json};
    use foureyes_core::{BudgetKind, BudgetState, Reason, ReasonCode};
    use rust_decimal::Decimal;

    /// ADR-1023: the `budgets` and `reasons` columns written directly are `serde_json::to_string`'s bytes, for every
    /// optional member on and off, escapes and characters past the BMP in every string, decimals of every scale and
    /// sign (negative zero too), any `i64`, and every reason code.
    #[test]
    fn the_budgets_and_reasons_columns_are_serde_json_s_bytes() {
        let texts = [
            "",
            "sum:amount_eur@24h@action",
            "a\"b\\c\n\t\u{1}\u{1f}\u{7f}/",
            "é\u{10000}\u{2028}\u{e000}",
            "amount_eur_long_enough_x",
        ];
        let mut decimals =
            vec![Decimal::ZERO, Decimal::new(125, 2), Decimal::new(-99_999_999_875, 2), Decimal::MAX, Decimal::MIN];
        decimals.push(Decimal::from_i128_with_scale(1, 28));
        decimals.push(Decimal::from_i128_with_scale(-123_456_789_012_345_678_901_234_567, 10));
        let mut negative_zero = Decimal::new(0, 3);
        negative_zero.set_sign_negative(true);
        decimals.push(negative_zero);
        let integers = [0, 1, -1, 1_796_364_571_488, i64::MAX, i64::MIN];
        let mut budgets = Vec::new();
        for (i, text) in texts.iter().enumerate() {
            for (j, decimal) in decimals.iter().enumerate() {
                budgets.push(BudgetState {
                    kind: if (i + j) % 2 == 0 { BudgetKind::Budget } else { BudgetKind::Limit },
                    key: (*text).to_string(),
                    param: (j % 3 != 0).then(|| texts[(i + j) % texts.len()].to_string()),
                    per: texts[(i + 1) % texts.len()].to_string(),
                    limit: *decimal,
                    consumed: decimals[(j + 1) % decimals.len()],
                    requested: decimals[(j + 2) % decimals.len()],
                    remaining: decimals[(j + 3) % decimals.len()],
                    resets_at_ms: integers[(i + j) % integers.len()],
                    exceeded: j % 2 == 0,
                    effect: (j % 4 == 1).then(|| (*text).to_string()),
                });
            }
        }
        for budget in &budgets {
            let one = std::slice::from_ref(budget);
            assert_eq!(budgets_json(one), to_json(&one), "{budget:?}");
        }
        assert_eq!(budgets_json(&budgets), to_json(&budgets));
        assert_eq!(budgets_json(&[]), to_json(&Vec::<BudgetState>::new()));
        let reasons: Vec<Reason> =
            ReasonCode::ALL.iter().zip(texts.iter().cycle()).map(|(code, text)| Reason::new(*code, *text)).collect();
        assert_eq!(reasons_json(&reasons), to_json(&reasons));
        assert_eq!(reasons_json(&reasons[..1]), to_json(&reasons[..1].to_vec()));
        assert_eq!(reasons_json(&[]), to_json(&Vec::<Reason>::new()));
    }
}
