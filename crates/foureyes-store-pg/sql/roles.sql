-- FourEyes least-privilege roles for PostgreSQL. Idempotent: the version-1 migration runs it, and an administrator
-- may run it again at any time (for example after creating the roles by hand, when the migrating role could not).
--
--   foureyes_service  what a FourEyes replica needs: SELECT and INSERT on `journal` (never UPDATE, DELETE or
--                     TRUNCATE), SELECT/INSERT/UPDATE on the index tables, SELECT on `schema_migrations`.
--   foureyes_auditor  SELECT on every table, nothing else.
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
            ON journal_head, decisions, idempotency, approvals, approval_votes, reservations, settings
            TO foureyes_service;
        GRANT SELECT ON schema_migrations TO foureyes_service;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'foureyes_auditor') THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO foureyes_auditor', current_schema());
        GRANT SELECT
            ON journal, journal_head, decisions, idempotency, approvals, approval_votes, reservations, settings,
               schema_migrations
            TO foureyes_auditor;
    END IF;
END
$$;
