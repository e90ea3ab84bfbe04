import { sql, type Kysely } from 'kysely';

/**
 * Issue 35, 7: instances started with DATABASE_URL but without JWT_SECRET share the token key through
 * the database (src/server/secrets.ts, sharedJwtSecret) instead of each generating its own, which
 * signed every user out on the other instances. Additive.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE portal_secrets (name text PRIMARY KEY, value text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE portal_secrets`.execute(db);
}
