-- FourEyes SQLite schema, version 3: session-dependent trust (`session_trust` in the policy).
-- A decision records its session ('' = sent without a session id) and whether it counts toward the session's
-- `denials` signal; decisions made before version 3 count as no session's denials.
ALTER TABLE decisions ADD COLUMN session TEXT NOT NULL DEFAULT '';
ALTER TABLE decisions ADD COLUMN session_denial INTEGER NOT NULL DEFAULT 0;
CREATE INDEX decisions_session_denials ON decisions(agent, session, decided_ms) WHERE session_denial = 1;

-- One row per demotion, an index over the `session_demoted` / `session_restored` events. `session` '' is the agent's
-- requests without a session id, whose demotion holds every session of the agent.
CREATE TABLE session_demotions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    agent        TEXT    NOT NULL,
    session      TEXT    NOT NULL,
    signal       TEXT    NOT NULL,
    reason       TEXT    NOT NULL,
    decision_id  INTEGER NOT NULL,
    started_ms   INTEGER NOT NULL,
    until_ms     INTEGER NOT NULL,
    status       TEXT    NOT NULL,   -- active, expired, restored
    ended_ms     INTEGER,
    ended_by     TEXT,
    ended_reason TEXT
);
CREATE INDEX session_demotions_session ON session_demotions(agent, session, id);
CREATE INDEX session_demotions_active ON session_demotions(status) WHERE status = 'active';
