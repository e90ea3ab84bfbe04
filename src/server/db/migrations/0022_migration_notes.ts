import { sql, type Kysely } from 'kysely';

/**
 * Rolling upgrades (issue 35, 6): every version records here, for each migration it knows, whether the
 * migration only adds. A previous version that finds migrations it does not know starts when all of
 * them only add, and refuses clearly otherwise (src/server/db/database.ts, migrateToLatest).
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE portal_migration_notes (name text PRIMARY KEY, additive boolean NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE portal_migration_notes`.execute(db);
}
