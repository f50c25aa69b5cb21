-- FourEyes SQLite schema, version 1. Tables other than `journal` are indexes over the journal: they can be
-- rebuilt by replaying it (`foureyes journal audit` compares the two).
CREATE TABLE journal (
    seq       INTEGER PRIMARY KEY,
    ts_ms     INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    data      TEXT    NOT NULL,   -- canonical JSON (RFC 8785)
    prev_hash TEXT    NOT NULL,
    hash      TEXT    NOT NULL
    -- No index on `hash` (issue 14, ADR-590): the chain (each event's `prev_hash` is its predecessor's `hash`,
    -- checked by every door and by `journal verify`) is what makes hashes unique; an index over random 64-digit
    -- keys cost every append a random page (read, written to the WAL, checkpointed). Databases created before it keep
    -- theirs, which changes nothing but that cost.
);
-- Append-only, enforced by the database itself.
CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END;
CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END;

-- `decisions` and `reservations` ids are given explicitly, from the journal (ADR-640): no `AUTOINCREMENT`, whose
-- `sqlite_sequence` row cost every commit a page (ADR-791, schema version 9 rebuilds older tables).
CREATE TABLE decisions (
    id            INTEGER PRIMARY KEY,
    agent         TEXT    NOT NULL,
    request_id    TEXT    NOT NULL,
    action        TEXT    NOT NULL,
    request       TEXT    NOT NULL,   -- JSON ActionRequest
    verdict       TEXT    NOT NULL,
    tier          INTEGER NOT NULL,
    reasons       TEXT    NOT NULL,
    budgets       TEXT    NOT NULL,
    approval_id   INTEGER,
    would_have    TEXT,
    digest        TEXT    NOT NULL,
    status        TEXT    NOT NULL,
    supersedes    INTEGER,
    undo_of       INTEGER,
    decided_ms    INTEGER NOT NULL,
    reported_ms   INTEGER,
    report_detail TEXT,
    policy_sha256 TEXT    NOT NULL,
    journal_seq   INTEGER NOT NULL,
    settled       TEXT                -- the settlement seal (ADR-740), once final
);
-- No index on `status` (ADR-920): `decisions list` walks the table newest first and filters, and no other read
-- looks decisions up by status; the index cost every decision and every report a b-tree write and a WAL page.
CREATE INDEX decisions_undo_of ON decisions(undo_of) WHERE undo_of IS NOT NULL;

-- Idempotency: one row per (agent, request_id), pointing at the current decision for that request.
CREATE TABLE idempotency (
    agent       TEXT    NOT NULL,
    request_id  TEXT    NOT NULL,
    fingerprint TEXT    NOT NULL,
    decision_id INTEGER NOT NULL,
    PRIMARY KEY (agent, request_id)
) WITHOUT ROWID;  -- one b-tree, the key's (ADR-791)

CREATE TABLE approvals (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    decision_id   INTEGER NOT NULL,
    request       TEXT    NOT NULL,
    reasons       TEXT    NOT NULL,
    digest        TEXT    NOT NULL,
    required      INTEGER NOT NULL,
    step_up       INTEGER NOT NULL,
    acknowledged  TEXT    NOT NULL,
    status        TEXT    NOT NULL,
    created_ms    INTEGER NOT NULL,
    expires_ms    INTEGER NOT NULL,
    decided_by    TEXT,
    reject_reason TEXT,
    consumed_by   INTEGER
);
CREATE INDEX approvals_status ON approvals(status);

CREATE TABLE approval_votes (
    approval_id INTEGER NOT NULL,
    approver    TEXT    NOT NULL,
    ts_ms       INTEGER NOT NULL,
    PRIMARY KEY (approval_id, approver)
);

CREATE TABLE reservations (
    id          INTEGER PRIMARY KEY,
    decision_id INTEGER NOT NULL,
    action      TEXT    NOT NULL,
    key         TEXT    NOT NULL,
    scope       TEXT    NOT NULL,
    amount      TEXT    NOT NULL,   -- exact decimal
    units       INTEGER NOT NULL,   -- amount in millionths, so SQL can SUM it exactly
    ts_ms       INTEGER NOT NULL,
    released    INTEGER NOT NULL DEFAULT 0
);
-- No index on the live rows of a key (ADR-920): usage is the authority state's (ADR-180), never a SUM over these
-- rows, and a release updates its rows by id; the index cost every decision a b-tree write and a WAL page.

CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Credentials. Secrets are never stored: tokens, sessions and sign-in codes only as SHA-256.
CREATE TABLE tokens (
    name        TEXT    PRIMARY KEY,
    role        TEXT    NOT NULL,
    token_hash  TEXT    NOT NULL UNIQUE,
    totp_secret TEXT,                     -- base32, for step-up approvals (RFC 6238)
    created_ms  INTEGER NOT NULL,
    revoked_ms  INTEGER
);
CREATE TABLE sessions (
    session_hash TEXT    PRIMARY KEY,
    principal    TEXT    NOT NULL,
    csrf         TEXT    NOT NULL,
    expires_ms   INTEGER NOT NULL
);
CREATE TABLE signin_codes (
    code_hash  TEXT    PRIMARY KEY,
    principal  TEXT    NOT NULL,
    expires_ms INTEGER NOT NULL,
    used_ms    INTEGER
);

-- Version 2 (change control: `task_events`, `task_commands`) is in tasks.sql, applied after this file.
