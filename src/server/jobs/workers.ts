import type { Logger } from 'pino';
import { acceptDueShipments } from '../compliance/autoAccept';
import { deliverOutbound, markOutboundFailed } from '../compliance/outbound';
import { rescreenChunk } from '../compliance/rescreen';
import { refreshSanctionSources } from '../sanctionSources/refresh';
import { applyRetention } from '../ops/retention';
import type { AppContext } from '../context';
import { QUEUES, type JobQueue } from './jobQueue';
import { createNotifier } from '../oneRecord/notifier';
import { oneRecordBase } from '../oneRecord/routes';

/**
 * The background workers of an instance (WORKERS=false leaves them to other instances): the
 * re-screening chunks, the delivery of outbound messages, automatic acceptance (when a
 * shipment's time comes, and every minute for any that a restart left waiting), the scheduled
 * refresh of the sanctions sources, the daily retention of the logs, and the ONE Record notifications. Answers how
 * to stop what is not a job (the notifier's wake-ups).
 */
export async function startWorkers(ctx: AppContext & { jobs: JobQueue }, log: Logger): Promise<{ stop(): void }> {
  const { db, jobs } = ctx;
  await jobs.work<{ runId: string }>(QUEUES.rescreen, async ({ runId }, { lastAttempt }) => {
    try {
      await rescreenChunk({ db, jobs, autoAcceptDelaySeconds: ctx.config.autoAcceptDelaySeconds }, runId);
    } catch (error) {
      if (lastAttempt) {
        await db
          .updateTable('rescreen_runs')
          .set({ state: 'FAILED', error: (error as Error).message.slice(0, 500), finished_at: new Date() })
          .where('run_id', '=', runId)
          .execute();
      }
      throw error;
    }
  });
  await jobs.work<{ messageId: string }>(QUEUES.outbound, async ({ messageId }, { lastAttempt }) => {
    try {
      await deliverOutbound({ db, mailer: ctx.mailer }, messageId);
    } catch (error) {
      if (lastAttempt) await markOutboundFailed(db, messageId, 'The mail server did not take the message after several tries.');
      throw error;
    }
  });
  await jobs.work(QUEUES.autoAccept, async () => {
    const accepted = await acceptDueShipments(db);
    if (accepted > 0) log.info({ accepted }, 'shipments accepted automatically');
  });
  await jobs.everyMinute(QUEUES.autoAccept);
  // The sanctions sources: looked at every minute, fetched when their period has passed (refresh.ts).
  await jobs.work(QUEUES.sanctionsRefresh, async () => {
    const reports = await refreshSanctionSources({ db, config: ctx.config, mailer: ctx.mailer, jobs });
    for (const report of reports) log.info(report, 'sanctions source refreshed');
  });
  await jobs.everyMinute(QUEUES.sanctionsRefresh);
  // Retention: the logs' and the outbox's oldest lines, once a day (RETENTION in the README).
  await jobs.work(QUEUES.retention, async () => {
    const removed = await applyRetention(db, ctx.config.retentionDays);
    log.info({ removed }, 'retention applied');
  });
  await jobs.daily(QUEUES.retention);
  // ONE Record notifications: dispatched when the outbox announces a change, each subscriber's sent in order and retried.
  const notifier = createNotifier(ctx, oneRecordBase(ctx.config.publicUrl), log);
  await jobs.work<{ target: string; token?: string }>(QUEUES.oneRecordNotify, async ({ target, token }, job) =>
    notifier.retryTarget(target, token, job.lastAttempt),
  );
  void notifier.dispatch().catch((error) => log.warn({ err: error }, 'ONE Record notifications not dispatched at start'));
  return { stop: () => notifier.stop() };
}
