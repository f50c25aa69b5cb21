-- Schema version 6: notification claims. Of the replicas (or processes) following one journal, the one whose INSERT
-- of (seq, channel) succeeds posts that event to that webhook; `channel` is the SHA-256 of the webhook URL (the
-- URL is a secret). Bookkeeping, not an index over the journal: no journal event, no part of the audit. Rows older
-- than the retention are pruned by the claims themselves (`claimed_ms` index).
CREATE TABLE notification_claims (
    seq        INTEGER NOT NULL,
    channel    TEXT    NOT NULL,
    claimed_ms INTEGER NOT NULL,
    PRIMARY KEY (seq, channel)
);
CREATE INDEX notification_claims_claimed ON notification_claims (claimed_ms);
