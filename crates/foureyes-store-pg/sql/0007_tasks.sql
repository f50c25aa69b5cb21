-- FourEyes PostgreSQL schema, version 7, as SQLite's `tasks.sql`: change control (`foureyes task …`). Both tables
-- are indexes over the journal (task events and task refusals carry `task_id` and `command_id`); a task's state is
-- never stored, it is replayed from its events. Written only under the chain-head lock. The grants are in roles.sql.

-- Which journal events belong to which task, in order: a task's state is replayed from exactly these.
CREATE TABLE task_events (
    task_id TEXT   NOT NULL,
    seq     BIGINT NOT NULL,
    PRIMARY KEY (task_id, seq)
);

-- Idempotency: the first outcome (accepted or refused) of each command id, returned to a repeat.
CREATE TABLE task_commands (
    task_id     TEXT NOT NULL,
    command_id  TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    outcome     TEXT NOT NULL,   -- JSON: {"accepted": TaskOutcome} or {"refused": {code, message, seq}}
    PRIMARY KEY (task_id, command_id)
);
