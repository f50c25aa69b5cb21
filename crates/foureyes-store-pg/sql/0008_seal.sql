-- The door seal (ADR-420): each event a door holding the seal key appends carries
-- HMAC-SHA256(key, "foureyes journal seal\0" || hash), hex, outside the hashed fields (hashes, checkpoints and
-- proofs are unchanged). Events written before the seal existed have none.
ALTER TABLE journal ADD COLUMN IF NOT EXISTS seal TEXT;
