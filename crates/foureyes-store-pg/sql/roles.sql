-- FourEyes least-privilege roles for PostgreSQL. Idempotent: the migrations run it, and an administrator
-- may run it again at any time (for example after creating the roles by hand, when the migrating role could not).
--
--   foureyes_service  what a FourEyes replica needs: SELECT and INSERT on `journal` (never UPDATE, DELETE or
--                     TRUNCATE), SELECT/INSERT/UPDATE on the index tables, SELECT/INSERT on the credentials (UPDATE only
--                     of `revoked_ms`, `totp_last_step` and `used_ms`, DELETE only of sessions), SELECT/INSERT/
--                     DELETE on `notification_claims` (bookkeeping that prunes itself; UPDATE of `claimed_ms` only
--                     for the prune's row locks), SELECT/INSERT on `task_events`, SELECT/INSERT/UPDATE on
--                     `task_commands`, SELECT on `schema_migrations`.
--   foureyes_auditor  SELECT on every table except the secrets: of `tokens` it reads who holds which role since
--                     when and which agent an executor serves (not the token hashes nor the TOTP secrets), and
--                     nothing of sessions or sign-in codes.
--
-- The schema migrations run this file after applying any migration, so it always describes the current schema.
--
-- Both are NOLOGIN group roles: grant them to login roles, e.g. `GRANT foureyes_service TO foureyes_app;`.
-- The migration itself must run as the tables' owner (not as foureyes_service). Whatever the grants, the
-- `journal_no_*` triggers reject UPDATE, DELETE and TRUNCATE on `journal` for every role, the owner included.

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
        -- Roles are cluster-wide: several databases migrating at once may race to create them.
        BEGIN
            CREATE ROLE foureyes_service NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
        BEGIN
            CREATE ROLE foureyes_auditor NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
END
$$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'foureyes_service') THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO foureyes_service', current_schema());
        REVOKE ALL ON journal FROM foureyes_service;
        GRANT SELECT, INSERT ON journal TO foureyes_service;
        GRANT SELECT, INSERT, UPDATE
            ON journal_head, decisions, idempotency, approvals, approval_votes, reservations, settings,
               session_demotions
            TO foureyes_service;
        GRANT SELECT ON schema_migrations TO foureyes_service;
        -- Revoking sets `revoked_ms`, a step-up moves `totp_last_step` forward and redeeming a code sets `used_ms`:
        -- no other column of these ever changes.
        GRANT SELECT, INSERT, UPDATE (revoked_ms, totp_last_step) ON tokens TO foureyes_service;
        GRANT SELECT, INSERT, UPDATE (used_ms) ON signin_codes TO foureyes_service;
        GRANT SELECT, INSERT, DELETE ON sessions TO foureyes_service;
        -- Which replica posts an event to a webhook: inserted once per (event, webhook), deleted when expired. The
        -- column UPDATE is only what `SELECT … FOR UPDATE SKIP LOCKED` (the prune's row locks) requires: no claim
        -- is ever updated.
        GRANT SELECT, INSERT, DELETE, UPDATE (claimed_ms) ON notification_claims TO foureyes_service;
        -- Task indexes: an event belongs to its task for good; a command's outcome is replaced once, when the
        -- confirmation of an apply turns its recorded intent into `applied`.
        GRANT SELECT, INSERT ON task_events TO foureyes_service;
        GRANT SELECT, INSERT, UPDATE ON task_commands TO foureyes_service;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'foureyes_auditor') THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO foureyes_auditor', current_schema());
        GRANT SELECT
            ON journal, journal_head, decisions, idempotency, approvals, approval_votes, reservations, settings,
               session_demotions, schema_migrations, notification_claims, task_events, task_commands
            TO foureyes_auditor;
        GRANT SELECT (name, role, created_ms, revoked_ms, serves) ON tokens TO foureyes_auditor;
    END IF;
END
$$;
