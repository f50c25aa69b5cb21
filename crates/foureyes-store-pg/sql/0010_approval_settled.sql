-- A settled approval's record sealed in its row (ADR-780): its decision, digest, required votes, expiry, voters and
-- final status (consumed, rejected, expired or revoked) as JSON, with HMAC-SHA256 under the seal key over them, its id
-- and the store's first event's hash. Written once the approval is final, by a door holding the seal key; the door
-- then keeps no record of it in memory and believes the row only through this seal.
ALTER TABLE approvals ADD COLUMN IF NOT EXISTS settled TEXT;
