-- FourEyes PostgreSQL schema, version 2: credentials, as in the SQLite schema. Secrets are never stored: tokens,
-- console sessions and one-time sign-in codes only as SHA-256 hashes. Creating and revoking a credential is
-- journaled (in the same transaction, under the chain-head lock); sessions and sign-in codes are not.
-- Grants for these tables are in roles.sql, which runs after every migration.

CREATE TABLE tokens (
    name        TEXT   PRIMARY KEY,
    role        TEXT   NOT NULL,
    token_hash  TEXT   NOT NULL UNIQUE,
    totp_secret TEXT,                    -- base32, for step-up approvals (RFC 6238)
    created_ms  BIGINT NOT NULL,
    revoked_ms  BIGINT
);

CREATE TABLE sessions (
    session_hash TEXT   PRIMARY KEY,
    principal    TEXT   NOT NULL,
    csrf         TEXT   NOT NULL,
    expires_ms   BIGINT NOT NULL
);
-- Revoking a credential deletes its sessions.
CREATE INDEX sessions_principal ON sessions (principal);

CREATE TABLE signin_codes (
    code_hash  TEXT   PRIMARY KEY,
    principal  TEXT   NOT NULL,
    expires_ms BIGINT NOT NULL,
    used_ms    BIGINT
);
