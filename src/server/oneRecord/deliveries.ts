import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { API_VERSION, CONTENT_TYPE } from '../../domain/oneRecord/vocabulary';
import type { ChangeFeed } from '../changes/changeFeed';
import type { Db } from '../db/database';
import { QUEUES, type JobQueue } from '../jobs/jobQueue';
import { companyIdOf } from './callers';
import { createNotifyAuth } from './notifyAuth';
import { NOTIFY_SECRET, sealerFor } from '../sealedSecrets';

/**
 * The sending side of the ONE Record notifications (notifier.ts makes them): each target (a subscriber's server, or
 * `internal:{company}` for an organisation hosted here) gets its due notifications in order, from one sender at a time
 * (a lease). A dispatch marks each target that has some due (migration 0036, onerecord_retry_targets) and tries it at
 * once; one that cannot be reached gets one job of the queue, however many notifications wait, which tries it again
 * every 30 seconds, and each notification for a day, after which it is given up (kept, marked failed). A target is
 * forgotten (its row goes) once nothing is due, under the row's lock, so no notification is stranded.
 */

/** How long a target is tried before its notifications are given up. */
export const RETRY_HOURS = 24;
const SEND_TIMEOUT_MS = 10_000;
const LEASE_SECONDS = 60;
/** How long a target's try at once may take before its row, still without a job, is given one. */
const STRANDED_SECONDS = 60;

/** Where a subscriber's notifications go: `internal:{company}` for an organisation hosted here, else its server's /notifications. */
export async function targetOf(db: Db, subscriber: string, objectsBase: string): Promise<string | undefined> {
  if (subscriber.startsWith(objectsBase)) {
    const id = subscriber.slice(objectsBase.length);
    const company = companyIdOf(id);
    if (company !== undefined) return `internal:${company}`;
    const held = await db.selectFrom('onerecord_objects').select('company_id').where('object_id', '=', id).executeTakeFirst();
    return held ? `internal:${held.company_id}` : undefined;
  }
  const at = subscriber.indexOf('/logistics-objects/');
  let url: URL;
  try {
    url = new URL(at > 0 ? `${subscriber.slice(0, at)}/notifications` : '/notifications', subscriber);
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
}

export interface Deliveries {
  /** A target tried at once, until it can be forgotten; one that cannot be reached gets its job. Never throws. */
  drainNow(target: string): Promise<void>;
  /** Sends a target's due notifications in order: 'busy' when another sender has it, 'failed' at the first that fails. */
  drain(target: string): Promise<'done' | 'busy' | 'failed'>;
  /** The queue's job of a target: drains it until nothing is due (throws, to be tried again, while something is). */
  retryTarget(target: string, token: string | undefined, lastAttempt: boolean): Promise<void>;
  /** Gives a job to each target whose try at once never ended. */
  adoptStranded(): Promise<void>;
  stop(): void;
}

export function createDeliveries(ctx: { db: Db; jobs: JobQueue; changes: ChangeFeed; jwtSecret: string }, objectsBase: string, log: Logger): Deliveries {
  const { db, jobs } = ctx;
  const notifyAuth = createNotifyAuth(db, ctx.changes, (subscriber) => targetOf(db, subscriber, objectsBase), sealerFor(ctx.jwtSecret, NOTIFY_SECRET));

  /**
   * A target tried at once, until it can be forgotten (settle). If it cannot be reached, it gets its job of the queue
   * (one, however many notifications wait); if another sender has it, that sender does the same.
   */
  async function drainNow(target: string) {
    try {
      for (;;) {
        const outcome = await drain(target);
        if (outcome === 'failed') return await queueRetry(target);
        if (outcome === 'busy' || (await settle(target))) return;
      }
    } catch (error) {
      log.warn({ err: error, target }, 'ONE Record notifications not sent; the job queue tries again');
    }
  }

  /** The target's job, sent with its row's token unless it has one already. */
  async function queueRetry(target: string) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ token: string }>`
        UPDATE onerecord_retry_targets SET job_sent = true WHERE target = ${target} AND NOT job_sent RETURNING token::text`.execute(trx);
      if (rows[0]) await jobs.send(QUEUES.oneRecordNotify, { target, token: rows[0].token }, { within: trx });
    });
  }

  /**
   * A target whose try at once never ended (its process stopped, or the try's own error): its row is old and has no
   * job. It gets one now (the notifier's sweep, every few seconds), so what it has due is not left waiting for the next
   * notification.
   */
  async function adoptStranded() {
    const { rows } = await sql<{ target: string }>`
      SELECT target FROM onerecord_retry_targets WHERE NOT job_sent AND since < clock_timestamp() - make_interval(secs => ${STRANDED_SECONDS})`.execute(db);
    for (const row of rows) await queueRetry(row.target);
  }

  /**
   * The job of a target that waits: drains it until it can be forgotten (settle); while it cannot be reached (or another
   * sender has it), it fails and the queue tries again in 30 seconds. Its last attempt hands the target on to a new job.
   */
  async function retryTarget(target: string, token: string | undefined, lastAttempt: boolean): Promise<void> {
    // Not this job's any more: the target was forgotten (drained), and maybe has a new job since. A job sent before
    // migration 0036 has no token, and tries its target as it did.
    if (token !== undefined) {
      const marked = await db
        .selectFrom('onerecord_retry_targets')
        .select(sql<string>`token::text`.as('token'))
        .where('target', '=', target)
        .executeTakeFirst();
      if (marked?.token !== token) return;
    }
    for (;;) {
      const outcome = await drain(target);
      if (outcome !== 'done') {
        if (lastAttempt) await jobs.send(QUEUES.oneRecordNotify, { target, token }, { startAfter: new Date(Date.now() + 30_000) });
        throw new Error(
          outcome === 'busy'
            ? `ONE Record notifications to ${target} are being sent by another sender`
            : `ONE Record notifications to ${target} not delivered yet`,
        );
      }
      if (await settle(target)) return;
    }
  }

  /**
   * Forgets a drained target when nothing is due for it any more (its row goes, so the next dispatch sends a new job);
   * false when something came meanwhile. Under the row's lock: a dispatch adding notifications holds it until it commits.
   */
  async function settle(target: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const marked = await trx.selectFrom('onerecord_retry_targets').select('target').where('target', '=', target).forUpdate().executeTakeFirst();
      if (!marked) return true;
      const due = await trx
        .selectFrom('onerecord_deliveries')
        .select('delivery_id')
        .where('target', '=', target)
        .where('delivered_at', 'is', null)
        .where('failed_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      if (due) return false;
      await trx.deleteFrom('onerecord_retry_targets').where('target', '=', target).execute();
      return true;
    });
  }

  /** A notification to an organisation hosted here, as the server's own notifications keep it. */
  const filed = (target: string, body: unknown) => {
    const notification = body as { 'api:hasEventType': { '@id': string }; 'api:hasLogisticsObject'?: { '@id': string } };
    return {
      notification_id: randomUUID(),
      recipient_company_id: target.slice('internal:'.length),
      sender_company_id: null,
      sender_user_id: null,
      sender_client_id: null,
      event_type: notification['api:hasEventType']['@id'].replace(/^api:/, ''),
      logistics_object: notification['api:hasLogisticsObject']?.['@id'] ?? null,
      body: JSON.stringify(body),
    };
  };

  /** A notification to a subscriber's server, signed in when its organisation's client says how (notifyAuth.ts). */
  async function send(target: string, body: unknown): Promise<void> {
    const post = async (authorization: string | undefined) => {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'Content-Type': `${CONTENT_TYPE}; version=${API_VERSION}`,
          Accept: CONTENT_TYPE,
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
      });
      await response.body?.cancel();
      return response.status;
    };
    const authorization = await notifyAuth.authorizationFor(target);
    let status = await post(authorization);
    // A kept token the server no longer takes: a new one, once.
    if (status === 401 && authorization) status = await post(await notifyAuth.authorizationFor(target, true));
    if (status < 200 || status > 299) throw new Error(`${target} answered ${status}`);
  }

  /** Why a due delivery is given up instead of sent, if it is. */
  const giveUpReason = (delivery: { request_id: string | null; status: string | null; created_at: Date }) =>
    // A subscription's notification goes while it lasts; a request-status notification names no subscription.
    delivery.request_id !== null && delivery.status !== 'REQUEST_ACCEPTED'
      ? 'the subscription was revoked'
      : delivery.created_at.getTime() < Date.now() - RETRY_HOURS * 3_600_000
        ? `not delivered within ${RETRY_HOURS} hours`
        : undefined;

  /**
   * Files a batch of due notifications of an organisation hosted here in one transaction: what one dispatch makes for a
   * type subscription may be one per piece of a 9,999-piece FWB, and one statement each took a minute.
   */
  async function fileDue(target: string, due: { delivery_id: string; body: unknown; request_id: string | null; status: string | null; created_at: Date }[]) {
    const given = due.filter((delivery) => giveUpReason(delivery) !== undefined);
    const sent = due.filter((delivery) => giveUpReason(delivery) === undefined);
    await db.transaction().execute(async (trx) => {
      for (const delivery of given)
        await trx
          .updateTable('onerecord_deliveries')
          .set({ failed_at: new Date(), last_error: giveUpReason(delivery) })
          .where('delivery_id', '=', delivery.delivery_id)
          .execute();
      if (sent.length === 0) return;
      await trx
        .insertInto('onerecord_notifications')
        .values(sent.map((delivery) => filed(target, delivery.body)))
        .execute();
      await trx
        .updateTable('onerecord_deliveries')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_attempt_at: new Date(), delivered_at: new Date() }))
        .where(
          'delivery_id',
          'in',
          sent.map((delivery) => delivery.delivery_id),
        )
        .execute();
    });
    await sql`UPDATE onerecord_delivery_leases SET leased_until = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}) WHERE target = ${target}`.execute(
      db,
    );
  }

  async function drain(target: string): Promise<'done' | 'busy' | 'failed'> {
    const leased = await sql`
      INSERT INTO onerecord_delivery_leases (target, leased_until) VALUES (${target}, clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}))
      ON CONFLICT (target) DO UPDATE SET leased_until = EXCLUDED.leased_until WHERE onerecord_delivery_leases.leased_until < clock_timestamp()
      RETURNING target`.execute(db);
    if (leased.rows.length === 0) return 'busy';
    try {
      for (;;) {
        const due = await db
          .selectFrom('onerecord_deliveries as d')
          .leftJoin('onerecord_subscriptions as s', 's.request_id', 'd.request_id')
          .select(['d.delivery_id', 'd.body', 'd.created_at', 'd.request_id', 's.status'])
          .where('d.target', '=', target)
          .where('d.delivered_at', 'is', null)
          .where('d.failed_at', 'is', null)
          .orderBy('d.delivery_id')
          .limit(target.startsWith('internal:') ? 500 : 50)
          .execute();
        if (due.length === 0) return 'done';
        if (target.startsWith('internal:')) {
          await fileDue(target, due);
          continue;
        }
        for (const delivery of due) {
          const giveUp = giveUpReason(delivery);
          if (giveUp) {
            await db
              .updateTable('onerecord_deliveries')
              .set({ failed_at: new Date(), last_error: giveUp })
              .where('delivery_id', '=', delivery.delivery_id)
              .execute();
            continue;
          }
          try {
            await send(target, delivery.body);
          } catch (error) {
            await db
              .updateTable('onerecord_deliveries')
              .set((eb) => ({ attempts: eb('attempts', '+', 1), last_attempt_at: new Date(), last_error: String((error as Error).message).slice(0, 500) }))
              .where('delivery_id', '=', delivery.delivery_id)
              .execute();
            return 'failed';
          }
          await db
            .updateTable('onerecord_deliveries')
            .set((eb) => ({ attempts: eb('attempts', '+', 1), last_attempt_at: new Date(), delivered_at: new Date() }))
            .where('delivery_id', '=', delivery.delivery_id)
            .execute();
          await sql`UPDATE onerecord_delivery_leases SET leased_until = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}) WHERE target = ${target}`.execute(
            db,
          );
        }
      }
    } finally {
      await db.deleteFrom('onerecord_delivery_leases').where('target', '=', target).execute();
    }
  }

  return { drainNow, drain, retryTarget, adoptStranded, stop: () => notifyAuth.stop() };
}
