import { sql, type Kysely } from 'kysely';

/**
 * Issue 34, 5: a new version of a sanctions source re-screens only the shipments its changed entries concern. A run
 * records what it is limited to (`scope`: the sources and the versions' files compared, none for a change of a list,
 * which concerns every shipment) and how many shipments it screened of those it went through. Additive.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rescreen_runs ADD COLUMN scope jsonb, ADD COLUMN screened integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rescreen_runs DROP COLUMN scope, DROP COLUMN screened`.execute(db);
}
