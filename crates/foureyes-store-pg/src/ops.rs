//! The PostgreSQL dialect: `foureyes_store::tx::WriteTx` for [`Tx`] (the chain head is already locked, so the
//! shared transactions of `foureyes_store::ops` run one at a time across all replicas), and the reads (any client).
//! None of them begins or commits. Statements are prepared once per connection (`prepare_cached`, see `db.rs`).

use crate::db::{DecisionRow, IdempotencyRow, ReservationRow, Tx, exec, get, row, rows, scalar, seq_param};
use deadpool_postgres::GenericClient;
use foureyes_core::event::EventData;
use foureyes_core::journal::{ChainVerifier, Encoded, Event, EventKind, VerifyReport};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, DecisionId, DecisionRecord, DecisionStatus,
    DemotionRecord, DemotionStatus, NewApproval, NewDemotion, NewReservation, Reason, Verdict,
};
use foureyes_store::authority::Authority;
use foureyes_store::tx::{NewCredentialRow, NewDecisionRow, UsageRow, WriteTx, session_key};
use foureyes_store::{DecisionFilter, StoreError};
use serde_json::Value;
use std::collections::BTreeMap;
use tokio_postgres::Row;

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Backend(format!("stored {what} is not valid: {e}")))
}

/// A permitted, not failed undo of `target` (its lowest id).
const UNDONE_BY: &str = "SELECT id FROM decisions WHERE undo_of = $1 AND verdict = 'permit' AND status IN ('intended', 'executed', 'unknown')
     ORDER BY id LIMIT 1";

impl WriteTx for Tx {
    async fn append(&mut self, ts_ms: i64, data: EventData) -> Result<Encoded, StoreError> {
        // Sent with the next read or at the end, pipelined with the other writes then waiting (ADR-412).
        self.append_deferred(ts_ms, data)
    }

    async fn append_decided(
        &mut self,
        ts_ms: i64,
        decided: foureyes_core::event::Decided,
        fingerprint: String,
    ) -> Result<Encoded, StoreError> {
        // The fingerprint `persist` wrote to the idempotency row travels with the event to the authority state, which
        // then does not hash the request again (ADR-980, as SQLite does; issue 14, ADR-1008).
        let event = self.append_deferred(ts_ms, EventData::Decided(decided))?;
        self.keep_fingerprint_of_last_append(fingerprint);
        Ok(event)
    }

    fn authority(&mut self) -> &mut Authority {
        &mut self.authority
    }

    async fn head(&mut self) -> Result<(u64, String), StoreError> {
        Ok(Tx::head(self))
    }

    async fn journal_after(&mut self, after_seq: u64, limit: u32) -> Result<Vec<(Event, Option<String>)>, StoreError> {
        self.flush().await?;
        journal_page_sealed(self.c(), after_seq, limit).await
    }

    async fn idempotency(&mut self, agent: &str, request_id: &str) -> Result<Option<(String, DecisionId)>, StoreError> {
        // Read with the lock for the batch's deciding jobs (ADR-760), unless this transaction has written it since.
        if let Some(known) = self.known_idempotency(agent, request_id) {
            return Ok(known);
        }
        self.flush().await?;
        let sql = "SELECT fingerprint, decision_id FROM idempotency WHERE agent = $1 AND request_id = $2";
        match row(self.c(), sql, &[&agent, &request_id]).await? {
            Some(r) => Ok(Some((get(&r, 0)?, get(&r, 1)?))),
            None => Ok(None),
        }
    }

    async fn decision(&mut self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
        self.flush().await?;
        load_decision(self.c(), id).await
    }

    async fn settled_seal(&mut self, id: DecisionId) -> Result<Option<String>, StoreError> {
        self.flush().await?;
        let found = row(self.c(), "SELECT settled FROM decisions WHERE id = $1", &[&id]).await?;
        Ok(found.map(|r| get::<Option<String>>(&r, 0)).transpose()?.flatten())
    }

    async fn approval(&mut self, id: ApprovalId) -> Result<Option<ApprovalRecord>, StoreError> {
        self.flush().await?;
        load_approval_raw(self.c(), id).await
    }

    async fn approval_settled_seal(&mut self, id: ApprovalId) -> Result<Option<String>, StoreError> {
        self.flush().await?;
        let found = row(self.c(), "SELECT settled FROM approvals WHERE id = $1", &[&id]).await?;
        Ok(found.map(|r| get::<Option<String>>(&r, 0)).transpose()?.flatten())
    }

    async fn usage(&mut self, action: &str, key: &str, scope: &str, since_ms: i64) -> Result<UsageRow, StoreError> {
        self.flush().await?;
        let r = row(
            self.c(),
            "SELECT COUNT(*), COALESCE(SUM(units), 0)::BIGINT, MIN(ts_ms) FROM reservations
             WHERE action = $1 AND key = $2 AND scope = $3 AND NOT released AND ts_ms >= $4",
            &[&action, &key, &scope, &since_ms],
        )
        .await?
        .ok_or_else(|| StoreError::Backend("an aggregate returned no row".into()))?;
        let count: i64 = get(&r, 0)?;
        Ok(UsageRow { count: count as u64, units: get(&r, 1)?, oldest_ms: get(&r, 2)? })
    }

    async fn undone_by(&mut self, target: DecisionId) -> Result<Option<DecisionId>, StoreError> {
        self.flush().await?;
        row(self.c(), UNDONE_BY, &[&target]).await?.map(|r| get(&r, 0)).transpose()
    }

    async fn setting(&mut self, name: &str) -> Result<Option<String>, StoreError> {
        self.flush().await?;
        row(self.c(), "SELECT value FROM settings WHERE name = $1", &[&name]).await?.map(|r| get(&r, 0)).transpose()
    }

    async fn approvals_due(&mut self, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError> {
        self.flush().await?;
        let sql = "SELECT id FROM approvals WHERE status IN ('pending', 'approved') AND expires_ms <= $1 ORDER BY id";
        rows(self.c(), sql, &[&now_ms]).await?.iter().map(|r| get(r, 0)).collect()
    }

    async fn active_demotions(&mut self, agent: &str, session_key: &str) -> Result<Vec<DemotionRecord>, StoreError> {
        self.flush().await?;
        let sql = format!(
            "SELECT {} FROM session_demotions WHERE agent = $1 AND session IN ($2, '') AND status = 'active' ORDER BY id",
            crate::sessions::COLUMNS
        );
        rows(self.c(), &sql, &[&agent, &session_key]).await?.iter().map(crate::sessions::from_row).collect()
    }

    async fn last_demotion(&mut self, agent: &str, session_key: &str) -> Result<Option<DemotionRecord>, StoreError> {
        self.flush().await?;
        let sql = format!(
            "SELECT {} FROM session_demotions WHERE agent = $1 AND session = $2 ORDER BY id DESC LIMIT 1",
            crate::sessions::COLUMNS
        );
        row(self.c(), &sql, &[&agent, &session_key]).await?.map(|r| crate::sessions::from_row(&r)).transpose()
    }

    async fn session_denials(&mut self, agent: &str, session_key: &str, since_ms: i64) -> Result<u64, StoreError> {
        self.flush().await?;
        let count: i64 = scalar(
            self.c(),
            "SELECT COUNT(*) FROM decisions WHERE agent = $1 AND session = $2 AND session_denial AND decided_ms >= $3",
            &[&agent, &session_key, &since_ms],
        )
        .await?;
        Ok(count as u64)
    }

    async fn credential_names(&mut self) -> Result<Vec<String>, StoreError> {
        self.flush().await?;
        Ok(rows(self.c(), "SELECT name FROM tokens", &[]).await?.iter().map(|r| r.get(0)).collect())
    }

    async fn live_agent(&mut self, name: &str) -> Result<bool, StoreError> {
        self.flush().await?;
        let sql = "SELECT 1 FROM tokens WHERE name = $1 AND role = 'agent' AND revoked_ms IS NULL";
        Ok(row(self.c(), sql, &[&name]).await?.is_some())
    }

    async fn insert_decision(&mut self, row: NewDecisionRow<'_>) -> Result<DecisionId, StoreError> {
        let NewDecisionRow { id_floor, request, decision, status, supersedes, policy_sha256, now_ms, journal_seq } =
            row;
        // The id is known here (ADR-761), so the row goes with the job's other writes: nothing reads it back before
        // the next flush, which every read of the shared transactions does first.
        let id = self.take_decision_id(id_floor);
        self.queue_decision(DecisionRow {
            id,
            agent: request.agent.clone(),
            request_id: request.request_id.clone(),
            action: request.action.clone(),
            request: to_json(request),
            verdict: decision.verdict.as_str(),
            tier: i32::from(decision.tier),
            reasons: to_json(&decision.reasons),
            budgets: to_json(&decision.budgets),
            approval_id: decision.approval_id,
            would_have: decision.would_have.map(|v| v.as_str()),
            digest: decision.digest.clone(),
            status: status.as_str(),
            supersedes,
            decided_ms: now_ms,
            policy_sha256: policy_sha256.to_string(),
            undo_of: request.undo_of,
            journal_seq: seq_param(journal_seq)?,
            session: session_key(request.session.as_deref()).to_string(),
            session_denial: decision.session_denial,
        });
        Ok(id)
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
        self.flush().await?;
        scalar(
            self.c(),
            "INSERT INTO approvals (id, decision_id, request, reasons, digest, required, step_up, acknowledged, status,
                                    created_ms, expires_ms)
             VALUES (GREATEST($10, (SELECT COALESCE(MAX(id), 0) + 1 FROM approvals)),
                     $1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9)
             RETURNING id",
            &[
                &decision_id,
                &to_json(request),
                &to_json(&reasons),
                &new.digest,
                &i64::from(new.required),
                &new.step_up,
                &to_json(&new.acknowledged),
                &now_ms,
                &new.expires_at_ms,
                &id_floor,
            ],
        )
        .await
    }

    async fn set_decision_approval(
        &mut self,
        decision_id: DecisionId,
        approval_id: ApprovalId,
    ) -> Result<(), StoreError> {
        self.flush().await?;
        exec(self.c(), "UPDATE decisions SET approval_id = $1 WHERE id = $2", &[&approval_id, &decision_id]).await?;
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
        // Deferred like the decision's row (ADR-761).
        let id = self.take_reservation_id(id_floor);
        self.queue_reservation(ReservationRow {
            id,
            decision_id,
            action: action.to_string(),
            key: r.key.clone(),
            scope: r.scope.clone(),
            amount: r.amount.to_string(),
            units,
            ts_ms: now_ms,
        });
        Ok(id)
    }

    async fn consume_approval(&mut self, approval_id: ApprovalId, decision_id: DecisionId) -> Result<u64, StoreError> {
        self.flush().await?;
        exec(
            self.c(),
            "UPDATE approvals SET status = 'consumed', consumed_by = $1 WHERE id = $2 AND status = 'approved'",
            &[&decision_id, &approval_id],
        )
        .await
    }

    async fn set_decision_status(&mut self, id: DecisionId, status: DecisionStatus) -> Result<(), StoreError> {
        self.flush().await?;
        exec(self.c(), "UPDATE decisions SET status = $1 WHERE id = $2", &[&status.as_str(), &id]).await?;
        Ok(())
    }

    async fn set_decision_reasons(&mut self, id: DecisionId, reasons: &[Reason]) -> Result<(), StoreError> {
        self.flush().await?;
        exec(self.c(), "UPDATE decisions SET reasons = $1 WHERE id = $2", &[&to_json(&reasons), &id]).await?;
        Ok(())
    }

    async fn clear_supersedes(&mut self, id: DecisionId) -> Result<(), StoreError> {
        self.flush().await?;
        exec(self.c(), "UPDATE decisions SET supersedes = NULL WHERE id = $1", &[&id]).await?;
        Ok(())
    }

    async fn set_journal_seq(&mut self, id: DecisionId, seq: u64) -> Result<(), StoreError> {
        self.flush().await?;
        exec(self.c(), "UPDATE decisions SET journal_seq = $1 WHERE id = $2", &[&seq_param(seq)?, &id]).await?;
        Ok(())
    }

    async fn seal_settled(&mut self, id: DecisionId, text: &str) -> Result<bool, StoreError> {
        self.flush().await?;
        let sql = "UPDATE decisions SET settled = $2 WHERE id = $1 AND settled IS DISTINCT FROM $2";
        Ok(exec(self.c(), sql, &[&id, &text]).await? > 0)
    }

    async fn seal_settled_approval(&mut self, id: ApprovalId, text: &str) -> Result<bool, StoreError> {
        self.flush().await?;
        let sql = "UPDATE approvals SET settled = $2 WHERE id = $1 AND settled IS DISTINCT FROM $2";
        Ok(exec(self.c(), sql, &[&id, &text]).await? > 0)
    }

    async fn insert_idempotency(
        &mut self,
        agent: &str,
        request_id: &str,
        fingerprint: &str,
        decision_id: DecisionId,
    ) -> Result<(), StoreError> {
        // Nothing reads it back in this transaction before the next flush (ADR-412); a later read of it goes to the
        // table (ADR-760).
        self.forget_idempotency(agent, request_id);
        self.queue_idempotency(IdempotencyRow {
            agent: agent.to_string(),
            request_id: request_id.to_string(),
            fingerprint: fingerprint.to_string(),
            decision_id,
        });
        Ok(())
    }

    async fn repoint_idempotency(
        &mut self,
        agent: &str,
        request_id: &str,
        fingerprint: &str,
        decision_id: DecisionId,
    ) -> Result<(), StoreError> {
        self.forget_idempotency(agent, request_id);
        self.flush().await?;
        exec(
            self.c(),
            "UPDATE idempotency SET decision_id = $1, fingerprint = $2 WHERE agent = $3 AND request_id = $4",
            &[&decision_id, &fingerprint, &agent, &request_id],
        )
        .await?;
        Ok(())
    }

    async fn release_reservations(&mut self, decision_id: DecisionId) -> Result<Vec<i64>, StoreError> {
        self.flush().await?;
        let sql = "UPDATE reservations SET released = TRUE WHERE decision_id = $1 AND NOT released RETURNING id";
        let mut released: Vec<i64> =
            rows(self.c(), sql, &[&decision_id]).await?.iter().map(|r| get(r, 0)).collect::<Result<_, _>>()?;
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
        self.flush().await?;
        exec(
            self.c(),
            "UPDATE decisions SET status = $1, reported_ms = $2, report_detail = $3 WHERE id = $4",
            &[&status.as_str(), &now_ms, &to_json(detail), &id],
        )
        .await?;
        Ok(())
    }

    async fn insert_vote(&mut self, approval_id: ApprovalId, approver: &str, now_ms: i64) -> Result<(), StoreError> {
        self.flush().await?;
        exec(
            self.c(),
            "INSERT INTO approval_votes (approval_id, approver, ts_ms) VALUES ($1, $2, $3)",
            &[&approval_id, &approver, &now_ms],
        )
        .await?;
        Ok(())
    }

    async fn expire_approval(&mut self, id: ApprovalId) -> Result<(), StoreError> {
        self.flush().await?;
        exec(self.c(), "UPDATE approvals SET status = 'expired' WHERE id = $1", &[&id]).await?;
        Ok(())
    }

    async fn approve_approval(&mut self, id: ApprovalId, approver: &str) -> Result<(), StoreError> {
        self.flush().await?;
        exec(self.c(), "UPDATE approvals SET status = 'approved', decided_by = $1 WHERE id = $2", &[&approver, &id])
            .await?;
        Ok(())
    }

    async fn reject_approval(
        &mut self,
        id: ApprovalId,
        approver: &str,
        reason: Option<&str>,
    ) -> Result<(), StoreError> {
        self.flush().await?;
        exec(
            self.c(),
            "UPDATE approvals SET status = 'rejected', decided_by = $1, reject_reason = $2 WHERE id = $3",
            &[&approver, &reason, &id],
        )
        .await?;
        Ok(())
    }

    async fn revoke_approval(&mut self, id: ApprovalId, by: &str, why: &str) -> Result<u64, StoreError> {
        self.flush().await?;
        // Conditional on `approved`; under the chain-head lock a racing release has either consumed it already or
        // will find it revoked.
        exec(
            self.c(),
            "UPDATE approvals SET status = 'revoked', revoked_by = $1, revoke_reason = $2 WHERE id = $3 AND status = 'approved'",
            &[&by, &why, &id],
        )
        .await
    }

    async fn set_setting(&mut self, name: &str, value: &str) -> Result<(), StoreError> {
        self.flush().await?;
        exec(
            self.c(),
            "INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
            &[&name, &value],
        )
        .await?;
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
        self.flush().await?;
        scalar(
            self.c(),
            "INSERT INTO session_demotions (id, agent, session, signal, reason, decision_id, started_ms, until_ms, status)
             VALUES (GREATEST($8, (SELECT COALESCE(MAX(id), 0) + 1 FROM session_demotions)), $1, $2, $3, $4, $5, $6, $7, 'active')
             RETURNING id",
            &[&agent, &session_key, &new.signal.as_str(), &new.reason, &decision_id, &now_ms, &new.until_ms, &id_floor],
        )
        .await
    }

    async fn end_demotion(
        &mut self,
        id: i64,
        status: DemotionStatus,
        ended_ms: i64,
        by: Option<&str>,
        why: Option<&str>,
    ) -> Result<(), StoreError> {
        self.flush().await?;
        exec(
            self.c(),
            "UPDATE session_demotions SET status = $1, ended_ms = $2, ended_by = $3, ended_reason = $4 WHERE id = $5",
            &[&status.as_str(), &ended_ms, &by, &why, &id],
        )
        .await?;
        Ok(())
    }

    async fn insert_credential(&mut self, row: NewCredentialRow<'_>) -> Result<(), StoreError> {
        self.flush().await?;
        exec(
            self.c(),
            "INSERT INTO tokens (name, role, token_hash, totp_secret, created_ms, serves) VALUES ($1, $2, $3, $4, $5, $6)",
            &[&row.name, &row.role.as_str(), &row.token_sha256, &row.totp_secret, &row.now_ms, &row.serves],
        )
        .await?;
        Ok(())
    }

    async fn revoke_credential(&mut self, name: &str, now_ms: i64) -> Result<u64, StoreError> {
        self.flush().await?;
        let sql = "UPDATE tokens SET revoked_ms = $1 WHERE name = $2 AND revoked_ms IS NULL";
        exec(self.c(), sql, &[&now_ms, &name]).await
    }

    async fn advance_totp_step(&mut self, name: &str, step: u64) -> Result<bool, StoreError> {
        let step = i64::try_from(step).map_err(|_| StoreError::Backend(format!("TOTP step {step} is out of range")))?;
        self.flush().await?;
        let sql = "UPDATE tokens SET totp_last_step = $1
                   WHERE name = $2 AND revoked_ms IS NULL AND (totp_last_step IS NULL OR totp_last_step < $1)";
        Ok(exec(self.c(), sql, &[&step, &name]).await? == 1)
    }

    async fn delete_sessions_of(&mut self, principal: &str) -> Result<(), StoreError> {
        self.flush().await?;
        exec(self.c(), "DELETE FROM sessions WHERE principal = $1", &[&principal]).await?;
        Ok(())
    }

    async fn list_decisions(&mut self, filter: &DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError> {
        list_decisions(self.c(), filter).await
    }

    async fn list_approvals(&mut self) -> Result<Vec<ApprovalRecord>, StoreError> {
        self.flush().await?;
        list_approvals_as_stored(self.c()).await
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

const DECISION_COLUMNS: &str = "id, request, verdict, tier, reasons, budgets, approval_id, would_have, digest, status, \
                                supersedes, decided_ms, reported_ms, report_detail, policy_sha256";

fn decision_from_row(r: &Row) -> Result<DecisionRecord, StoreError> {
    let request: String = get(r, 1)?;
    let verdict: String = get(r, 2)?;
    let tier: i32 = get(r, 3)?;
    let reasons: String = get(r, 4)?;
    let budgets: String = get(r, 5)?;
    let would_have: Option<String> = get(r, 7)?;
    let status: String = get(r, 9)?;
    let detail: Option<String> = get(r, 13)?;
    Ok(DecisionRecord {
        decision_id: get(r, 0)?,
        request: from_json(&request, "request")?,
        verdict: Verdict::parse(&verdict).ok_or_else(|| StoreError::Backend(format!("stored verdict `{verdict}`")))?,
        tier: u8::try_from(tier).map_err(|_| StoreError::Backend(format!("stored tier {tier}")))?,
        reasons: from_json(&reasons, "reasons")?,
        budgets: from_json(&budgets, "budgets")?,
        approval_id: get(r, 6)?,
        would_have: would_have.as_deref().and_then(Verdict::parse),
        digest: get(r, 8)?,
        status: DecisionStatus::parse(&status)
            .ok_or_else(|| StoreError::Backend(format!("stored status `{status}`")))?,
        supersedes: get(r, 10)?,
        decided_at_ms: get(r, 11)?,
        reported_at_ms: get(r, 12)?,
        report_detail: detail.as_deref().map(|d| from_json(d, "report detail")).transpose()?,
        policy_sha256: get(r, 14)?,
    })
}

pub(crate) async fn load_decision(
    c: &impl GenericClient,
    id: DecisionId,
) -> Result<Option<DecisionRecord>, StoreError> {
    let sql = format!("SELECT {DECISION_COLUMNS} FROM decisions WHERE id = $1");
    row(c, &sql, &[&id]).await?.map(|r| decision_from_row(&r)).transpose()
}

pub(crate) async fn list_decisions(
    c: &impl GenericClient,
    filter: &DecisionFilter,
) -> Result<Vec<DecisionRecord>, StoreError> {
    let limit = i64::from(filter.page_size());
    let status = filter.status.map(|s| s.as_str());
    let sql = format!(
        "SELECT {DECISION_COLUMNS} FROM decisions WHERE ($1::TEXT IS NULL OR status = $1) \
         AND ($3::BIGINT IS NULL OR id < $3) ORDER BY id DESC LIMIT $2"
    );
    rows(c, &sql, &[&status, &limit, &filter.before]).await?.iter().map(decision_from_row).collect()
}

const APPROVAL_COLUMNS: &str = "id, decision_id, request, reasons, digest, required, step_up, acknowledged, status, \
                                created_ms, expires_ms, decided_by, reject_reason, consumed_by, revoked_by, revoke_reason";

/// Votes in the order they were cast; `COLLATE "C"` orders equal times by bytes, as SQLite does.
const APPROVERS_ORDER: &str = "ORDER BY ts_ms, approver COLLATE \"C\"";

async fn load_approval_raw(c: &impl GenericClient, id: ApprovalId) -> Result<Option<ApprovalRecord>, StoreError> {
    let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = $1");
    let Some(r) = row(c, &sql, &[&id]).await? else { return Ok(None) };
    let mut record = approval_from_row(&r)?;
    let sql = format!("SELECT approver FROM approval_votes WHERE approval_id = $1 {APPROVERS_ORDER}");
    record.approvers = rows(c, &sql, &[&id]).await?.iter().map(|r| get(r, 0)).collect::<Result<_, _>>()?;
    Ok(Some(record))
}

fn approval_from_row(r: &Row) -> Result<ApprovalRecord, StoreError> {
    let request: String = get(r, 2)?;
    let reasons: String = get(r, 3)?;
    let required: i64 = get(r, 5)?;
    let acknowledged: String = get(r, 7)?;
    let status: String = get(r, 8)?;
    Ok(ApprovalRecord {
        approval_id: get(r, 0)?,
        decision_id: get(r, 1)?,
        request: from_json(&request, "approval request")?,
        reasons: from_json(&reasons, "approval reasons")?,
        digest: get(r, 4)?,
        required: u32::try_from(required).map_err(|_| StoreError::Backend(format!("stored required {required}")))?,
        step_up: get(r, 6)?,
        acknowledged: from_json(&acknowledged, "acknowledged")?,
        approvers: Vec::new(),
        status: ApprovalStatus::parse(&status)
            .ok_or_else(|| StoreError::Backend(format!("stored approval status `{status}`")))?,
        created_at_ms: get(r, 9)?,
        expires_at_ms: get(r, 10)?,
        decided_by: get(r, 11)?,
        reject_reason: get(r, 12)?,
        consumed_by: get(r, 13)?,
        revoked_by: get(r, 14)?,
        revoke_reason: get(r, 15)?,
    })
}

/// Reads an approval with its status as of `now_ms` (a read never writes the `expired` event; writes do).
pub(crate) async fn load_approval(
    c: &impl GenericClient,
    id: ApprovalId,
    now_ms: i64,
) -> Result<Option<ApprovalRecord>, StoreError> {
    Ok(load_approval_raw(c, id).await?.map(|mut a| {
        a.status = a.effective_status(now_ms);
        a
    }))
}

/// Every approval (with its votes, in two queries), filtered by status as of `now_ms`.
pub(crate) async fn list_approvals(
    c: &impl GenericClient,
    status: Option<ApprovalStatus>,
    now_ms: i64,
) -> Result<Vec<ApprovalRecord>, StoreError> {
    let mut out = Vec::new();
    for mut a in list_approvals_as_stored(c).await? {
        a.status = a.effective_status(now_ms);
        if status.is_none_or(|s| s == a.status) {
            out.push(a);
        }
    }
    Ok(out)
}

/// Every approval with its votes (two queries), its status as stored.
async fn list_approvals_as_stored(c: &impl GenericClient) -> Result<Vec<ApprovalRecord>, StoreError> {
    let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals ORDER BY id");
    let mut approvals = Vec::new();
    for r in rows(c, &sql, &[]).await? {
        approvals.push(approval_from_row(&r)?);
    }
    let sql = format!("SELECT approval_id, approver FROM approval_votes {APPROVERS_ORDER}");
    let mut votes: BTreeMap<ApprovalId, Vec<String>> = BTreeMap::new();
    for r in rows(c, &sql, &[]).await? {
        votes.entry(get(&r, 0)?).or_default().push(get(&r, 1)?);
    }
    for a in &mut approvals {
        a.approvers = votes.remove(&a.approval_id).unwrap_or_default();
    }
    Ok(approvals)
}

/// An event from a journal row, or the row's `seq` and what is wrong with it.
fn event_from_row(r: &Row) -> Result<Result<Event, (u64, String)>, StoreError> {
    let seq: i64 = get(r, 0)?;
    let seq = seq as u64;
    let ts_ms: i64 = get(r, 1)?;
    let kind: String = get(r, 2)?;
    let data: String = get(r, 3)?;
    let prev_hash: String = get(r, 4)?;
    let hash: String = get(r, 5)?;
    Ok((|| {
        let kind = EventKind::parse(&kind).ok_or_else(|| (seq, format!("unknown kind `{kind}`")))?;
        let data: Value = serde_json::from_str(&data).map_err(|e| (seq, format!("data is not JSON: {e}")))?;
        Ok(Event { seq, ts_ms, kind, data, prev_hash, hash })
    })())
}

const EVENT_COLUMNS: &str = "seq, ts_ms, kind, data, prev_hash, hash";

pub(crate) async fn journal_page(c: &impl GenericClient, after_seq: u64, limit: u32) -> Result<Vec<Event>, StoreError> {
    let sql = format!("SELECT {EVENT_COLUMNS} FROM journal WHERE seq > $1 ORDER BY seq LIMIT $2");
    // Past the largest BIGINT there is nothing: clamp rather than fail or wrap.
    let (after, limit) = (i64::try_from(after_seq).unwrap_or(i64::MAX), i64::from(limit.min(100_000)));
    let mut out = Vec::new();
    for r in rows(c, &sql, &[&after, &limit]).await? {
        out.push(event_from_row(&r)?.map_err(|(seq, m)| StoreError::Backend(format!("journal seq {seq}: {m}")))?);
    }
    Ok(out)
}

/// [`journal_page`] with each event's seal (ADR-420).
pub(crate) async fn journal_page_sealed(
    c: &impl GenericClient,
    after_seq: u64,
    limit: u32,
) -> Result<Vec<(Event, Option<String>)>, StoreError> {
    let sql = format!("SELECT {EVENT_COLUMNS}, seal FROM journal WHERE seq > $1 ORDER BY seq LIMIT $2");
    let (after, limit) = (i64::try_from(after_seq).unwrap_or(i64::MAX), i64::from(limit.min(100_000)));
    let mut out = Vec::new();
    for r in rows(c, &sql, &[&after, &limit]).await? {
        let event = event_from_row(&r)?.map_err(|(seq, m)| StoreError::Backend(format!("journal seq {seq}: {m}")))?;
        out.push((event, get::<Option<String>>(&r, 6)?));
    }
    Ok(out)
}

/// How many journal rows one round trip reads while walking the whole journal.
const PAGE: i64 = 5_000;

/// Walks the whole journal in `seq` order, a page at a time (call it inside one snapshot for a consistent walk).
/// `f` returns `false` to stop early.
pub(crate) async fn walk_journal(
    c: &impl GenericClient,
    mut f: impl FnMut(Result<Event, (u64, String)>) -> bool,
) -> Result<(), StoreError> {
    let sql = format!("SELECT {EVENT_COLUMNS} FROM journal WHERE seq > $1 ORDER BY seq LIMIT $2");
    let mut after: i64 = 0;
    loop {
        let page = rows(c, &sql, &[&after, &PAGE]).await?;
        let Some(last) = page.last() else { return Ok(()) };
        after = get(last, 0)?;
        for r in &page {
            if !f(event_from_row(r)?) {
                return Ok(());
            }
        }
        if (page.len() as i64) < PAGE {
            return Ok(());
        }
    }
}

pub(crate) async fn for_each_event(c: &impl GenericClient, mut f: impl FnMut(&Event)) -> Result<(), StoreError> {
    let mut failure = None;
    walk_journal(c, |event| match event {
        Ok(event) => {
            f(&event);
            true
        }
        Err((seq, m)) => {
            failure = Some(StoreError::Backend(format!("journal seq {seq}: {m}")));
            false
        }
    })
    .await?;
    failure.map_or(Ok(()), Err)
}

/// Walks the whole chain a page at a time, hashing each event's stored bytes as they are
/// ([`ChainVerifier::check_stored`]: no JSON is parsed unless an event's stored bytes do not give its hash).
pub(crate) async fn verify_journal(c: &impl GenericClient) -> Result<VerifyReport, StoreError> {
    let sql = format!("SELECT {EVENT_COLUMNS} FROM journal WHERE seq > $1 ORDER BY seq LIMIT $2");
    let mut verifier = ChainVerifier::default();
    let mut events = 0;
    let mut after: i64 = 0;
    loop {
        let page = rows(c, &sql, &[&after, &PAGE]).await?;
        for r in &page {
            let (seq, ts_ms): (i64, i64) = (get(r, 0)?, get(r, 1)?);
            let (kind, data, prev_hash, hash): (&str, &str, &str, &str) =
                (get(r, 2)?, get(r, 3)?, get(r, 4)?, get(r, 5)?);
            if let Err(e) = verifier.check_stored(seq as u64, ts_ms, kind, data, prev_hash, hash) {
                return Ok(VerifyReport::Corrupt { events, seq: e.seq, line: None, problem: e.problem });
            }
            events += 1;
            after = seq;
        }
        if (page.len() as i64) < PAGE {
            break;
        }
    }
    Ok(VerifyReport::Ok { events, head_seq: verifier.expected_seq() - 1, head_hash: verifier.head_hash().to_string() })
}

/// Every audited table's rows ([`foureyes_store::replay::AUDITED`]), as the audit compares them.
pub(crate) async fn table_state(c: &impl GenericClient) -> Result<foureyes_store::replay::Tables, StoreError> {
    let mut tables = foureyes_store::replay::Tables::new();
    for audited in foureyes_store::replay::AUDITED {
        let width = audited.columns.len() + 1;
        let table = tables.entry(audited.table).or_default();
        for r in rows(c, &audited.select(), &[]).await? {
            let values = (0..width).map(|i| get::<Option<String>>(&r, i)).collect::<Result<Vec<_>, _>>()?;
            let (id, row) = audited.row(values);
            table.insert(id, row);
        }
    }
    Ok(tables)
}

/// The chain head as `journal_head` records it.
pub(crate) async fn head(c: &impl GenericClient) -> Result<(u64, String), StoreError> {
    let r = row(c, "SELECT seq, hash FROM journal_head", &[])
        .await?
        .ok_or_else(|| StoreError::Backend("the journal_head row is missing".into()))?;
    let seq: i64 = get(&r, 0)?;
    Ok((seq as u64, get(&r, 1)?))
}
