import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 1: a partner identity provider's client secret kept sealed (sealedSecrets.ts: AES-256-GCM under a key
 * derived from the token key) instead of as text. Additive: a nullable column. An instance sets it on every sign-in it
 * saves and, as it starts, seals the secrets 0038 kept as text (notify_client_secret, then emptied). An instance of
 * the version before, during an upgrade, finds no text secret on a sign-in sealed meanwhile and notifies that
 * organisation without a token until it is upgraded too; a secret it sets as text is the newer, and is used (and
 * sealed as the next instance starts).
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE onerecord_clients ADD COLUMN notify_client_secret_sealed text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to the version before: a sealed secret it cannot read is lost (its sign-in must be entered again).
  await sql`ALTER TABLE onerecord_clients DROP COLUMN notify_client_secret_sealed`.execute(db);
}
