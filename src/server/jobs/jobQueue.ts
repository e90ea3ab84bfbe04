import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';

/**
 * Background work (ARCHITECTURE.md): a PostgreSQL-backed queue (pg-boss), so jobs survive restarts
 * and any number of app instances share them. A job sent inside a transaction (`within`) exists
 * only if that transaction commits, so a change and the work it calls for are kept or lost together.
 */

export const QUEUES = {
  /** Re-evaluates a chunk of a carrier's open shipments after one of its lists changed. */
  rescreen: 'rescreen-chunk',
  /** Delivers one outbound customs or terminal message. */
  outbound: 'outbound-send',
  /** Accepts the shipments whose automatic acceptance is due. */
  autoAccept: 'auto-accept',
  /** Fetches the sanctions sources that are due (SANCTIONS_SOURCES, SANCTIONS_REFRESH). */
  sanctionsRefresh: 'sanctions-refresh',
  /** Removes the log lines and mails older than their retention (daily). */
  retention: 'retention',
  /** Sends a ONE Record subscriber's notifications (one target), in order. */
  oneRecordNotify: 'onerecord-notify',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const QUEUE_OPTIONS: Record<QueueName, Omit<PgBoss.Queue, 'name'>> = {
  // A chunk takes seconds; a worker that dies mid-chunk hands it on when it expires.
  [QUEUES.rescreen]: { retryLimit: 5, retryDelay: 5, expireInSeconds: 120 },
  [QUEUES.outbound]: { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  [QUEUES.autoAccept]: { retryLimit: 3, retryDelay: 10, expireInSeconds: 60 },
  // A download of OFAC's files may take minutes; a failed refresh is recorded and tried at the next period, not retried.
  [QUEUES.sanctionsRefresh]: { retryLimit: 0, expireInSeconds: 1800 },
  [QUEUES.retention]: { retryLimit: 3, retryDelay: 600, expireInSeconds: 3600 },
  // A subscriber that cannot be reached is tried every 30 seconds for a day (notifier.ts gives its notifications up after that).
  [QUEUES.oneRecordNotify]: { retryLimit: 2880, retryDelay: 30, retryBackoff: false, expireInSeconds: 900 },
};

export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
  /** Send as part of this transaction. */
  within?: Kysely<Database> | Transaction<Database>;
}

export interface JobQueue {
  send(queue: QueueName, data: object, options?: SendOptions): Promise<void>;
  /** `lastAttempt`: a failure now is final (no retry follows). */
  work<T extends object>(queue: QueueName, handler: (data: T, job: { lastAttempt: boolean }) => Promise<void>): Promise<void>;
  /** Runs a handler every minute (cron), on one instance at a time. */
  everyMinute(queue: QueueName): Promise<void>;
  /** Runs a handler once a day at 03:17 UTC (cron), on one instance. */
  daily(queue: QueueName): Promise<void>;
  stop(): Promise<void>;
}

function executorOf(db: Kysely<Database> | Transaction<Database>): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Runs `setUp` while holding a session advisory lock on its own connection: pg-boss's start (which
 * installs or migrates its schema) and the creation of the queues are not safe to run at the same
 * time from two processes on a fresh database (seen: `npm start`'s two app processes, one of which
 * died with "deadlock detected"), so every instance sets the queue up in turn.
 */
async function oneAtATime(connectionString: string, key: string, setUp: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'cargo-portal-jobs-setup' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    await setUp();
  } finally {
    // Closing the session releases the lock too, also when the unlock itself fails.
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
    await client.end();
  }
}

/** Jobs a worker takes at a time: one, so that a failure fails that job alone. */
const BATCH_SIZE = 1;

export async function startJobQueue(connectionString: string, options: { schema: string; log: Logger; pollingIntervalSeconds?: number }): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString, schema: options.schema, max: 4, application_name: 'cargo-portal-jobs' });
  boss.on('error', (error: unknown) => options.log.error({ err: error }, 'job queue error'));
  await oneAtATime(connectionString, `cargo-portal-jobs:${options.schema}`, async () => {
    await boss.start();
    for (const [name, queueOptions] of Object.entries(QUEUE_OPTIONS)) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...queueOptions });
    }
  });
  const polling = options.pollingIntervalSeconds ?? 1;
  return {
    async send(queue, data, sendOptions = {}) {
      await boss.send(queue, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.within ? { db: executorOf(sendOptions.within) } : {}),
      });
    },
    async work(queue, handler) {
      let workerId: string | undefined;
      workerId = await boss.work(
        queue,
        { pollingIntervalSeconds: polling, batchSize: BATCH_SIZE, includeMetadata: true },
        async (jobs: PgBoss.JobWithMetadata[]) => {
          try {
            for (const job of jobs) {
              try {
                await handler(job.data as never, { lastAttempt: job.retryCount >= job.retryLimit });
              } catch (error) {
                options.log.warn({ err: error, queue, job: job.id }, 'job failed; it will be retried');
                throw error;
              }
            }
          } finally {
            // A full batch: more may be waiting. pg-boss's worker would wait out the polling interval before its next
            // fetch (one job a second per queue and process: a re-screen of 100 chunks took 100 s, 1,000 queued
            // messages 17 minutes); told, it fetches again at once, and waits only once the queue is empty.
            if (jobs.length >= BATCH_SIZE && workerId) boss.notifyWorker(workerId);
          }
        },
      );
    },
    async everyMinute(queue) {
      await boss.schedule(queue, '* * * * *', {});
    },
    async daily(queue) {
      await boss.schedule(queue, '17 3 * * *', {});
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
