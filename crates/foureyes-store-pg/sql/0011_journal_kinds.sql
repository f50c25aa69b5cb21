-- The journal's rare kinds indexed by (kind, seq) (ADR-371): every authenticated request asks whether a credential
-- event follows the seq its replica applied (`EXISTS … WHERE seq > $2 AND kind = 'credential'`). As a prepared
-- statement its generic plan cannot know that `$2` is near the head, so over the key it is a scan of a third of the
-- journal; over this index it is one probe whatever the journal's size. Partial: a decision's events add no entry.
CREATE INDEX IF NOT EXISTS journal_rare_kinds ON journal (kind, seq)
    WHERE kind IN ('credential', 'checkpoint', 'tool_pinned', 'connector_started');
