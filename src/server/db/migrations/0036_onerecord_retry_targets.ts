import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 1: one retry job per ONE Record target that waits, not one per dispatch. A row here says that the target
 * has, or had until its job looked, notifications due and one job of the queue (`onerecord-notify`) trying it:
 * a dispatch that adds notifications for a target sends a job only when it puts the target's row here, in the same
 * transaction, with the row's token; the job removes the row when it finds nothing due, under the row's lock, so that a
 * dispatch meanwhile either sees the row (and its notifications are found by the job) or puts a new one with a new
 * job. A job whose token is not the row's (the target was drained and forgotten, then came back) ends at once. Before, each
 * dispatch sent a job of its own, and each retried every 30 seconds for a day: a subscriber that was down had
 * hundreds of attempts in ten minutes. Additive: a new table; the jobs sent before it drain their targets as before.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onerecord_retry_targets (
      target text PRIMARY KEY,
      token uuid NOT NULL DEFAULT gen_random_uuid(),
      since timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE onerecord_retry_targets`.execute(db);
}
