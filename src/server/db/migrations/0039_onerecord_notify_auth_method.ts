import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 1: how the portal sends its client credentials to an organisation's identity provider (RFC 6749, 2.3.1):
 * `client_secret_basic`, an HTTP Basic header, which every provider must take and new sign-ins use; or
 * `client_secret_post`, in the form body, as 0038's sign-ins did. Additive: a nullable column; null on a sign-in set
 * before it (or by an instance that does not know it yet, during an upgrade) means `client_secret_post`, as it did.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE onerecord_clients
      ADD COLUMN notify_auth_method text CHECK (notify_auth_method IN ('client_secret_basic', 'client_secret_post'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE onerecord_clients DROP COLUMN notify_auth_method`.execute(db);
}
