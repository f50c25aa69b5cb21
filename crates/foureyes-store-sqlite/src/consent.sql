-- Schema version 4: withdrawn consent and single-use TOTP codes.
-- Who revoked an approved, unused approval and why (`decided_by` keeps who approved it). An index over the
-- `revoked` journal event, like the rest of `approvals`.
ALTER TABLE approvals ADD COLUMN revoked_by TEXT;
ALTER TABLE approvals ADD COLUMN revoke_reason TEXT;
-- The last RFC 6238 time step whose code this credential used for step-up: a code at or before it is refused,
-- so a code seen over a shoulder (or in a log) cannot be used again within its window.
ALTER TABLE tokens ADD COLUMN totp_last_step INTEGER;
