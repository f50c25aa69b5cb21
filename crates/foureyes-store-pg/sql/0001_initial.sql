-- FourEyes PostgreSQL schema, version 1: the same tables as the SQLite schema, plus `journal_head`, the one row
-- every write transaction locks first (it serializes writers across replicas and holds the chain's head).
-- Tables other than `journal` are indexes over the journal: `foureyes journal audit` compares them with a replay.
-- Ids are allocated as MAX(id) + 1 under the head lock, so they are gap-free and equal to SQLite's for the same
-- sequence of operations (the journal's data, and so its hashes, do not depend on the backend).

CREATE TABLE journal (
    seq       BIGINT PRIMARY KEY,
    ts_ms     BIGINT NOT NULL,
    kind      TEXT   NOT NULL,
    data      TEXT   NOT NULL,   -- canonical JSON (RFC 8785), kept as text: the hash is over these exact bytes
    prev_hash TEXT   NOT NULL,
    hash      TEXT   NOT NULL UNIQUE
);

-- Append-only, enforced by the database itself for every role, the owner included. TRUNCATE bypasses row
-- triggers, so it has its own statement trigger.
CREATE FUNCTION foureyes_journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'journal is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal
    FOR EACH ROW EXECUTE FUNCTION foureyes_journal_append_only();
CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal
    FOR EACH ROW EXECUTE FUNCTION foureyes_journal_append_only();
CREATE TRIGGER journal_no_truncate BEFORE TRUNCATE ON journal
    FOR EACH STATEMENT EXECUTE FUNCTION foureyes_journal_append_only();

-- The chain head: exactly one row. `SELECT … FOR UPDATE` on it opens every write transaction.
CREATE TABLE journal_head (
    singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
    seq       BIGINT  NOT NULL,
    hash      TEXT    NOT NULL
);
INSERT INTO journal_head (singleton, seq, hash)
    VALUES (TRUE, 0, '0000000000000000000000000000000000000000000000000000000000000000');

CREATE TABLE decisions (
    id            BIGINT  PRIMARY KEY,
    agent         TEXT    NOT NULL,
    request_id    TEXT    NOT NULL,
    action        TEXT    NOT NULL,
    request       TEXT    NOT NULL,   -- JSON ActionRequest
    verdict       TEXT    NOT NULL,
    tier          INTEGER NOT NULL,
    reasons       TEXT    NOT NULL,
    budgets       TEXT    NOT NULL,
    approval_id   BIGINT,
    would_have    TEXT,
    digest        TEXT    NOT NULL,
    status        TEXT    NOT NULL,
    supersedes    BIGINT,
    undo_of       BIGINT,
    decided_ms    BIGINT  NOT NULL,
    reported_ms   BIGINT,
    report_detail TEXT,
    policy_sha256 TEXT    NOT NULL,
    journal_seq   BIGINT  NOT NULL
);
CREATE INDEX decisions_status ON decisions (status);
CREATE INDEX decisions_undo_of ON decisions (undo_of) WHERE undo_of IS NOT NULL;

-- Idempotency: one row per (agent, request_id), pointing at the current decision for that request.
CREATE TABLE idempotency (
    agent       TEXT   NOT NULL,
    request_id  TEXT   NOT NULL,
    fingerprint TEXT   NOT NULL,
    decision_id BIGINT NOT NULL,
    PRIMARY KEY (agent, request_id)
);

CREATE TABLE approvals (
    id            BIGINT  PRIMARY KEY,
    decision_id   BIGINT  NOT NULL,
    request       TEXT    NOT NULL,
    reasons       TEXT    NOT NULL,
    digest        TEXT    NOT NULL,
    required      BIGINT  NOT NULL,
    step_up       BOOLEAN NOT NULL,
    acknowledged  TEXT    NOT NULL,
    status        TEXT    NOT NULL,
    created_ms    BIGINT  NOT NULL,
    expires_ms    BIGINT  NOT NULL,
    decided_by    TEXT,
    reject_reason TEXT,
    consumed_by   BIGINT
);
CREATE INDEX approvals_status ON approvals (status);

CREATE TABLE approval_votes (
    approval_id BIGINT NOT NULL,
    approver    TEXT   NOT NULL,
    ts_ms       BIGINT NOT NULL,
    PRIMARY KEY (approval_id, approver)
);

CREATE TABLE reservations (
    id          BIGINT  PRIMARY KEY,
    decision_id BIGINT  NOT NULL,
    action      TEXT    NOT NULL,
    key         TEXT    NOT NULL,
    scope       TEXT    NOT NULL,
    amount      TEXT    NOT NULL,   -- exact decimal
    units       BIGINT  NOT NULL,   -- amount in millionths, so SQL can SUM it exactly
    ts_ms       BIGINT  NOT NULL,
    released    BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX reservations_window ON reservations (action, key, scope, ts_ms) WHERE NOT released;
CREATE INDEX reservations_decision ON reservations (decision_id);

CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
