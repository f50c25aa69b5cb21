-- A settled decision's record sealed in its row (ADR-740): verdict, final status, connector flag, the seq of its
-- `decided` event and its summary, with HMAC-SHA256 under the seal key over them, its id and the store's first
-- event's hash. Written once the decision is final, by a door holding the seal key; the door then keeps no record of
-- it in memory and believes the row only through this seal.
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS settled TEXT;
