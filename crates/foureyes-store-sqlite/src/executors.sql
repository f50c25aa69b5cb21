-- Schema version 5: executor credentials. An executor (role `executor`) reports the outcomes of one agent's
-- decisions; `serves` names that agent (NULL for every other role). While an agent has a live executor, the HTTP
-- API refuses the agent's own reports.
ALTER TABLE tokens ADD COLUMN serves TEXT;
CREATE INDEX tokens_serves ON tokens (serves) WHERE serves IS NOT NULL;
