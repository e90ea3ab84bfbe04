import { sql, type Kysely } from 'kysely';

/**
 * Retention (issue 35, 8): the daily job removes the oldest lines of the logs and the mail outbox by
 * their time; these indexes let it find them without reading the whole table. Additive only.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS action_log_at ON action_log (at);
    CREATE INDEX IF NOT EXISTS mail_outbox_created_at ON mail_outbox (created_at);
    CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS action_log_at; DROP INDEX IF EXISTS mail_outbox_created_at; DROP INDEX IF EXISTS audit_log_at;`.execute(db);
}
