import { sql, type Kysely } from 'kysely';
import { createIndexSql, type ConcurrentIndex } from './concurrentIndexes';

/**
 * Retention (issue 35, 8): the daily job removes the oldest lines of the logs and the mail outbox by
 * their time; these indexes let it find them without reading the whole table. Additive only, and
 * built CONCURRENTLY before the migration runs (the logs are the largest tables: a plain CREATE INDEX
 * held the writers of the previous version's instances for the whole build).
 */
export const additive = true;

export const concurrentIndexes: readonly ConcurrentIndex[] = [
  { name: 'action_log_at', table: 'action_log', columns: 'at' },
  { name: 'mail_outbox_created_at', table: 'mail_outbox', columns: 'created_at' },
  { name: 'audit_log_at', table: 'audit_log', columns: 'at' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of concurrentIndexes) await sql.raw(createIndexSql(index, false)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of concurrentIndexes) await sql.raw(`DROP INDEX IF EXISTS ${index.name}`).execute(db);
}
