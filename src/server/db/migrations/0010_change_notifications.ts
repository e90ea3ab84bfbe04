import { sql, type Kysely } from 'kysely';

/**
 * Change notifications (ARCHITECTURE.md): every committed change of what the signed-in path caches
 * (accounts, companies and their address ranges and lendings, roles and their functions, sessions,
 * menus) is announced on one channel, `portal_changes`, by the database itself. A trigger cannot be
 * forgotten by a new write path, an admin's SQL or a migration; PostgreSQL delivers a NOTIFY only
 * when its transaction commits, and not at all when it rolls back.
 *
 * Payloads are small JSON objects: {"k":"account","c":company,"u":user}, {"k":"company","c":company},
 * {"k":"role","r":role}, {"k":"session","s":family}, {"k":"menus"}. The app's own events (shipment
 * changes) use the same channel (src/server/changes/).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION portal_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      rows_of_change jsonb[];
      r jsonb;
    BEGIN
      -- The row's key as it is now, and as it was when an update changed it (or the row went).
      IF TG_OP = 'INSERT' THEN rows_of_change := ARRAY[to_jsonb(NEW)];
      ELSIF TG_OP = 'DELETE' THEN rows_of_change := ARRAY[to_jsonb(OLD)];
      ELSE rows_of_change := ARRAY[to_jsonb(NEW), to_jsonb(OLD)];
      END IF;
      FOREACH r IN ARRAY rows_of_change LOOP
        IF TG_TABLE_NAME = 'users' THEN
          PERFORM pg_notify('portal_changes', jsonb_build_object('k', 'account', 'c', r->>'company_id', 'u', r->>'user_id')::text);
        ELSIF TG_TABLE_NAME IN ('companies', 'company_ip_ranges', 'shipment_lendings') THEN
          PERFORM pg_notify('portal_changes', jsonb_build_object('k', 'company', 'c', r->>'company_id')::text);
        ELSIF TG_TABLE_NAME IN ('roles', 'role_functions') THEN
          PERFORM pg_notify('portal_changes', jsonb_build_object('k', 'role', 'r', r->>'role_id')::text);
        ELSIF TG_TABLE_NAME = 'refresh_tokens' THEN
          PERFORM pg_notify('portal_changes', jsonb_build_object('k', 'session', 's', r->>'family_id')::text);
        END IF;
      END LOOP;
      RETURN NULL;
    END $$;

    CREATE FUNCTION portal_notify_menus() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('portal_changes', '{"k":"menus"}');
      RETURN NULL;
    END $$;

    CREATE TRIGGER users_changes AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
    CREATE TRIGGER companies_changes AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
    CREATE TRIGGER company_ip_ranges_changes AFTER INSERT OR UPDATE OR DELETE ON company_ip_ranges FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
    CREATE TRIGGER shipment_lendings_changes AFTER INSERT OR UPDATE OR DELETE ON shipment_lendings FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
    CREATE TRIGGER roles_changes AFTER INSERT OR UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
    CREATE TRIGGER role_functions_changes AFTER INSERT OR UPDATE OR DELETE ON role_functions FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
    -- A session ends when its family is revoked, or its rows go (the user deleted); rotation changes nothing cached.
    CREATE TRIGGER refresh_tokens_changes AFTER UPDATE OF revoked_at OR DELETE ON refresh_tokens FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
    CREATE TRIGGER menus_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_menus();
    CREATE TRIGGER functions_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON functions FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_menus();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER users_changes ON users;
    DROP TRIGGER companies_changes ON companies;
    DROP TRIGGER company_ip_ranges_changes ON company_ip_ranges;
    DROP TRIGGER shipment_lendings_changes ON shipment_lendings;
    DROP TRIGGER roles_changes ON roles;
    DROP TRIGGER role_functions_changes ON role_functions;
    DROP TRIGGER refresh_tokens_changes ON refresh_tokens;
    DROP TRIGGER menus_changes ON menus;
    DROP TRIGGER functions_changes ON functions;
    DROP FUNCTION portal_notify_change();
    DROP FUNCTION portal_notify_menus();
  `.execute(db);
}
