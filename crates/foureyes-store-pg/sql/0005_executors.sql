-- FourEyes PostgreSQL schema, version 5, as SQLite's version 5 (`executors.sql`): executor credentials. An executor
-- (role `executor`) reports the outcomes of one agent's decisions; `serves` names that agent (NULL for every other
-- role). While an agent has a live executor, the HTTP API refuses the agent's own reports. The auditor's SELECT on
-- `tokens (serves)` is granted in roles.sql.
ALTER TABLE tokens ADD COLUMN serves TEXT;
CREATE INDEX tokens_serves ON tokens (serves) WHERE serves IS NOT NULL;
