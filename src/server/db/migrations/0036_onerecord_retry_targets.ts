import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 1: one retry job per ONE Record target that cannot be reached, not one per dispatch. A row here says that
 * the target has, or had until a sender looked, notifications due: a dispatch puts it (or keeps it) in the transaction
 * that adds them, and a sender that finds nothing due removes it under the row's lock, so that a dispatch meanwhile
 * either holds the row (and its notifications are found) or puts a new one. A target that cannot be reached at once
 * gets one job of the queue (`job_sent`, with the row's `token`); a job whose token is not its row's (the target was
 * drained and forgotten since) ends at once. Before, each dispatch sent a job of its own, and each retried every 30
 * seconds for a day: a subscriber that was down had hundreds of attempts in ten minutes, and a healthy one a job per
 * dispatch that the queue's worker took one a second. Additive: a new table; the jobs sent before it drain their
 * targets as before.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onerecord_retry_targets (
      target text PRIMARY KEY,
      token uuid NOT NULL DEFAULT gen_random_uuid(),
      job_sent boolean NOT NULL DEFAULT false,
      since timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE onerecord_retry_targets`.execute(db);
}
