import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Retention (issue 35, 8): the mail outbox, the user log, the client log and the ONE Record notifications would
 * grow forever; a daily job removes their lines older than the days configured (0 keeps them). The audit log (who
 * changed which list row, user or setting) is kept unless AUDIT_LOG_KEEP_DAYS says otherwise.
 * Lines go a few thousand per statement, each its own short transaction, so that the job never holds
 * a table's writers for long.
 */

export interface RetentionDays {
  mailOutbox: number;
  userLog: number;
  clientLog: number;
  auditLog: number;
  /** ONE Record notifications: those received, and those sent (delivered or given up; never one still being tried). */
  oneRecordNotifications: number;
}

const TABLES: Record<keyof RetentionDays, { table: string; key: string; time: string; settled?: boolean }[]> = {
  mailOutbox: [{ table: 'mail_outbox', key: 'mail_id', time: 'created_at' }],
  userLog: [{ table: 'action_log', key: 'log_id', time: 'at' }],
  clientLog: [{ table: 'client_logs', key: 'log_id', time: 'at' }],
  auditLog: [{ table: 'audit_log', key: 'audit_id', time: 'at' }],
  oneRecordNotifications: [
    { table: 'onerecord_notifications', key: 'notification_id', time: 'received_at' },
    { table: 'onerecord_deliveries', key: 'delivery_id', time: 'created_at', settled: true },
  ],
};

const BATCH = 5000;

/** Removes what is older than its days; answers how many lines went from each. */
export async function applyRetention(db: Db, days: RetentionDays, now = new Date()): Promise<Record<keyof RetentionDays, number>> {
  const removed = { mailOutbox: 0, userLog: 0, clientLog: 0, auditLog: 0, oneRecordNotifications: 0 };
  for (const what of Object.keys(TABLES) as (keyof RetentionDays)[]) {
    if (days[what] <= 0) continue;
    const before = new Date(now.getTime() - days[what] * 86_400_000);
    for (const { table, key, time, settled } of TABLES[what]) {
      const done = settled ? sql`AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)` : sql``;
      for (;;) {
        const result = await sql`
          DELETE FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (
            SELECT ${sql.ref(key)} FROM ${sql.table(table)} WHERE ${sql.ref(time)} < ${before} ${done} ORDER BY ${sql.ref(time)} LIMIT ${BATCH}
          )`.execute(db);
        const count = Number(result.numAffectedRows ?? 0);
        removed[what] += count;
        if (count < BATCH) break;
      }
    }
  }
  return removed;
}
