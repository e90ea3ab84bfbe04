import { sql, type Kysely } from 'kysely';

/**
 * Issue 37: a ONE Record client revoked (or gone with its company) is announced on `portal_changes` as
 * {"k":"oneRecordClient","id":client}, so that every instance forgets the client it keeps for its callers' tokens
 * (accessCache.ts) at once, as it forgets a locked user. Its sign-ins (last_used_at) announce nothing. Additive.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION portal_notify_onerecord_client() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('portal_changes', jsonb_build_object('k', 'oneRecordClient', 'id', OLD.client_id)::text);
      RETURN NULL;
    END $$;

    CREATE TRIGGER onerecord_clients_changes AFTER UPDATE OF revoked_at OR DELETE ON onerecord_clients
      FOR EACH ROW EXECUTE FUNCTION portal_notify_onerecord_client();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER onerecord_clients_changes ON onerecord_clients;
    DROP FUNCTION portal_notify_onerecord_client();
  `.execute(db);
}
