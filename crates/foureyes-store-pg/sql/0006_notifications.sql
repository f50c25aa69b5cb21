-- FourEyes PostgreSQL schema, version 6, as SQLite's version 6 (`notifications.sql`): notification claims. Of the
-- replicas following the journal, the one whose INSERT of (seq, channel) succeeds posts that event to that webhook;
-- `channel` is the SHA-256 of the webhook URL (the URL is a secret). Bookkeeping, not an index over the journal: no
-- journal event, no part of the audit, and no chain-head lock (claims never wait on decisions). Rows older than the
-- retention are pruned by the claims themselves (`claimed_ms` index). The grants are in roles.sql.
CREATE TABLE notification_claims (
    seq        BIGINT NOT NULL,
    channel    TEXT   NOT NULL,
    claimed_ms BIGINT NOT NULL,
    PRIMARY KEY (seq, channel)
);
CREATE INDEX notification_claims_claimed ON notification_claims (claimed_ms);
