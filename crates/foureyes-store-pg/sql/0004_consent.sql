-- FourEyes PostgreSQL schema, version 4, as SQLite's version 4 (`consent.sql`): withdrawn consent and single-use
-- TOTP codes. The service role's UPDATE on `tokens (totp_last_step)` is granted in roles.sql.

-- Who revoked an approved, unused approval and why (`decided_by` keeps who approved it); an index over the
-- `revoked` journal event.
ALTER TABLE approvals ADD COLUMN revoked_by TEXT;
ALTER TABLE approvals ADD COLUMN revoke_reason TEXT;
-- The last RFC 6238 time step whose code this credential used for step-up: a code at or before it is refused.
ALTER TABLE tokens ADD COLUMN totp_last_step BIGINT;
