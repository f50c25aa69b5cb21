-- The lookup tool server's PostgreSQL role: `support_desk_lookup`, a LOGIN role with SELECT on exactly the tables the
-- lookups read (customers, orders, tickets, refunds) and nothing else — no INSERT, UPDATE, DELETE or TRUNCATE on
-- any desk table, and no access at all to escalations, executions, audit or run states. So "the lookup server is
-- read-only" is a fact of the database, not of our code.
--
-- Idempotent: `seed`, the evals and the first read-write connection of a process run it after the schema. The role
-- is created only when the connecting role may create roles (roles are cluster-wide; several databases may race to
-- create it); otherwise an administrator creates it (`CREATE ROLE support_desk_lookup LOGIN PASSWORD '…'`) and this
-- file only grants. With password authentication, give the lookup server its own URL (`--lookup-db`).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole))
       AND NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'support_desk_lookup') THEN
        BEGIN
            CREATE ROLE support_desk_lookup LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'support_desk_lookup') THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO support_desk_lookup', current_schema());
        REVOKE ALL ON customers, orders, tickets, refunds, escalations, executions, audit, runs
            FROM support_desk_lookup;
        GRANT SELECT ON customers, orders, tickets, refunds TO support_desk_lookup;
    END IF;
END
$$;
