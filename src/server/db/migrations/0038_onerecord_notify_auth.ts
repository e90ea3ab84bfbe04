import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 1: the portal signs in when it notifies a registered client's organisation (API 2.3.0, "Security":
 * POST /notifications needs an authenticated caller). A client may hold the OAuth 2.0 client credentials that the
 * identity provider its organisation trusts gave the portal: the provider's token address, the client id, the secret
 * (never answered by any call; kept in the database, as the shared JWT secret is in portal_secrets) and a scope. Additive:
 * columns, null for the clients before it, whose notifications go without a token as before.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE onerecord_clients
      ADD COLUMN notify_token_url text,
      ADD COLUMN notify_client_id text,
      ADD COLUMN notify_client_secret text,
      ADD COLUMN notify_scope text,
      ADD COLUMN notify_auth_changed_at timestamptz`.execute(db);
  // Every instance's notifier reads the credentials again at once (as 0028 tells of a revocation).
  await sql`
    CREATE FUNCTION portal_notify_onerecord_client_auth() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('portal_changes', jsonb_build_object('k', 'oneRecordClient', 'id', NEW.client_id)::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER onerecord_clients_notify_auth AFTER INSERT OR UPDATE OF notify_auth_changed_at ON onerecord_clients
       FOR EACH ROW WHEN (NEW.notify_auth_changed_at IS NOT NULL) EXECUTE FUNCTION portal_notify_onerecord_client_auth()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER onerecord_clients_notify_auth ON onerecord_clients`.execute(db);
  await sql`DROP FUNCTION portal_notify_onerecord_client_auth()`.execute(db);
  await sql`
    ALTER TABLE onerecord_clients
      DROP COLUMN notify_token_url,
      DROP COLUMN notify_client_id,
      DROP COLUMN notify_client_secret,
      DROP COLUMN notify_scope,
      DROP COLUMN notify_auth_changed_at`.execute(db);
}
