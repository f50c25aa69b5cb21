-- FourEyes SQLite schema, version 2: change control (`foureyes task …`). Applied after schema.sql on a fresh
-- database and on its own when a version-1 database is opened. Both tables are indexes over the journal: task
-- events carry `task_id` and `command_id`, refusals carry them too.

-- Which journal events belong to which task, in order: a task's state is replayed from exactly these.
CREATE TABLE IF NOT EXISTS task_events (
    task_id TEXT    NOT NULL,
    seq     INTEGER NOT NULL,
    PRIMARY KEY (task_id, seq)
) WITHOUT ROWID;

-- Idempotency: the first outcome (accepted or refused) of each command id, returned to a repeat.
CREATE TABLE IF NOT EXISTS task_commands (
    task_id     TEXT NOT NULL,
    command_id  TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    outcome     TEXT NOT NULL,   -- JSON: {"accepted": TaskOutcome} or {"refused": {code, message, seq}}
    PRIMARY KEY (task_id, command_id)
) WITHOUT ROWID;
