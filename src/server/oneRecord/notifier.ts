import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { compactNode, type StoredNode } from '../../domain/oneRecord/objectReading';
import { isSubclassOf } from '../../domain/oneRecord/ontology';
import { API_VERSION, CARGO, CONTENT_TYPE, CONTEXT, logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import { checkObjectId, shipmentObjectId } from '../../domain/oneRecord/decisionEvents';
import { derivedObject } from './checks';
import { DERIVED_ID_PATTERN, waybillObjectId } from '../../domain/oneRecord/waybillObjects';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { QUEUES, type JobQueue } from '../jobs/jobQueue';
import { accessOf } from '../shipments/scope';
import type { ShipmentRow } from '../shipments/shipmentRecord';
import { actionRequestIri } from './actionRequestRoutes';
import { companyIdOf } from './callers';
import { currentObjects } from './objects';
import { partnerObject } from './partnerObjects';
import { isPermitted } from './delegationStore';
import { createNotifyAuth } from './notifyAuth';

/**
 * The ONE Record server's notifications to its subscribers (issue 37, 1; API 2.3.0 "Notifications"). Triggers
 * (migration 0031) put each change in the outbox in the transaction that makes it; the notifier, woken by the change
 * feed (and every few seconds in case a wake-up was missed), turns outbox rows into deliveries (one per matching
 * subscription whose company may see the object: deny by default) and marks each target that has some due
 * (migration 0036), then tries each target at once. A target gets its notifications in order, from one sender at a
 * time (a lease); one that cannot be reached gets one job of the queue, which tries it again every 30 seconds, and
 * each notification for a day, after which it is given up (kept, marked failed). An organisation hosted on this
 * server (a portal company, or an organisation object a company created here) gets its notifications filed in the
 * server's own notifications; any other at its server's `/notifications`, derived from its IRI.
 */

/** How long a target is tried before its notifications are given up. */
export const RETRY_HOURS = 24;
const SEND_TIMEOUT_MS = 10_000;
const LEASE_SECONDS = 60;
const SWEEP_MS = 5_000;
/** How long a target's try at once may take before its row, still without a job, is given one. */
const STRANDED_SECONDS = 60;
const BATCH = 200;

interface OutboxRow {
  outbox_id: string;
  event_type: string;
  shipment_id: string | null;
  object_id: string | null;
  event_id: string | null;
  action_request_id: string | null;
  company_id: string | null;
}

/** What one dispatch batch reads once: where each subscriber's notifications go, and the live registered clients. */
interface BatchLookups {
  targetOf(subscriber: string): Promise<string | undefined>;
  clients(): Promise<{ company_id: string; organisation_iri: string }[]>;
}

/** A read made at its first use, then kept. */
const once = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= read();
    return kept;
  };
};

/** What the portal announces to the registered clients' organisations (migration 0037), not to subscribers. */
const ANNOUNCEMENTS = ['LOGISTICS_OBJECT_AVAILABLE', 'LOGISTICS_OBJECT_ACCESS_GRANTED'];

/** The tables of the action requests whose requesters may ask to be told when their status moves on, by event type. */
const REQUEST_TABLES = [
  { prefix: 'CHANGE_REQUEST_', table: 'onerecord_action_requests' },
  { prefix: 'ACCESS_DELEGATION_REQUEST_', table: 'onerecord_delegations' },
  { prefix: 'SUBSCRIPTION_REQUEST_', table: 'onerecord_subscriptions' },
] as const;

interface SubscriptionRow {
  request_id: string;
  company_id: string;
  subscriber: string;
  topic_type: string;
  topic: string;
  event_types: string[];
  send_body: boolean;
}

/** An object a notification is about. */
interface Subject {
  objectId: string;
  type: string;
  /** Whether a company may see it. */
  visibleTo(companyId: string): Promise<boolean>;
  body(): Record<string, unknown>;
}

export interface Notifier {
  /** Turns what is in the outbox into deliveries, and tries their targets; how many outbox rows it took. */
  dispatch(): Promise<number>;
  /** Sends a target's due notifications in order: 'busy' when another sender has it, 'failed' at the first that fails. */
  drain(target: string): Promise<'done' | 'busy' | 'failed'>;
  /** The queue's job of a target: drains it until nothing is due (throws, to be tried again, while something is). */
  retryTarget(target: string, token: string | undefined, lastAttempt: boolean): Promise<void>;
  stop(): void;
}

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

export function createNotifier(ctx: AppContext & { jobs: JobQueue }, base: string, log: Logger): Notifier {
  const { db, jobs } = ctx;
  const objectsBase = logisticsObjectIri(base, '');
  const notifyAuth = createNotifyAuth(db, ctx.changes, (subscriber) => targetOf(db, subscriber, objectsBase));
  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;

  const shipmentSubject = (shipment: ShipmentRow, node: { '@id': string; '@type': string }): Subject => ({
    objectId: node['@id'].slice(objectsBase.length),
    type: node['@type'].replace(/^cargo:/, CARGO),
    visibleTo: async (companyId) => accessOf(await ctx.access.scope({ companyId }), shipment, false) === 'full',
    body: () => node as Record<string, unknown>,
  });

  /** The objects an outbox row is about (none when they are gone). */
  async function subjectsOf(row: OutboxRow): Promise<Subject[]> {
    if (row.object_id && !DERIVED_ID_PATTERN.test(row.object_id)) {
      const object = await partnerObject(db, row.object_id);
      if (!object) return [];
      return [
        {
          objectId: row.object_id,
          type: object.type,
          visibleTo: async (companyId) => companyId === object.companyId || (await isPermitted(db, companyId, object.objectId, 'GET_LOGISTICS_OBJECT')),
          body: () => ({ ...compactNode(object.body as StoredNode), 'api:hasRevision': object.revision, 'api:hasLatestRevision': object.latestRevision }),
        },
      ];
    }
    if (!row.shipment_id) return [];
    const cached = await ctx.shipments.rowById(row.shipment_id);
    if (!cached) return [];
    // A posted event names its object (a decision's Check, the Check); a decision is an event of the Shipment; a message changes every object.
    const wanted = row.object_id ?? (row.event_id ? shipmentObjectId(row.shipment_id) : undefined);
    const revisions = { at: [cached.row.message_date] };
    if (wanted) {
      const found = await derivedObject(db, base, cached.row, revisions, wanted);
      return found ? [shipmentSubject(cached.row, found.node)] : [];
    }
    return [...currentObjects(cached.row, revisions, base).objects.values()].map((node) => shipmentSubject(cached.row, node));
  }

  const matches = (subscription: SubscriptionRow, row: OutboxRow, subject: Subject) =>
    subscription.event_types.includes(row.event_type) &&
    (subscription.topic_type === 'LOGISTICS_OBJECT_IDENTIFIER'
      ? subscription.topic === logisticsObjectIri(base, subject.objectId)
      : subscription.topic === subject.type || isSubclassOf(subject.type, subscription.topic));

  function notification(row: OutboxRow, subscription: SubscriptionRow, subject: Subject) {
    const objectIri = logisticsObjectIri(base, subject.objectId);
    return {
      '@context': CONTEXT,
      '@type': 'api:Notification',
      'api:hasEventType': { '@id': `api:${row.event_type}` },
      'api:hasLogisticsObject': subscription.send_body ? subject.body() : { '@id': objectIri },
      'api:hasLogisticsObjectType': subject.type,
      ...(row.event_id ? { 'api:hasLogisticsEvent': [{ '@id': `${objectIri}/logistics-events/${row.event_id}` }] } : {}),
      'api:isTriggeredBy': { '@id': actionRequestIri(base, subscription.request_id) },
    };
  }

  /**
   * A request-status notification (migration 0034): to the organisation that made the request, naming the request and,
   * for a change, its object. Undefined when the request is gone or its organisation cannot be reached.
   */
  async function statusNotification(trx: Db, row: OutboxRow): Promise<{ target: string; body: string } | undefined> {
    const kind = REQUEST_TABLES.find((each) => row.event_type.startsWith(each.prefix));
    if (!kind || !row.action_request_id) return undefined;
    const request = await trx
      .selectFrom(kind.table)
      .select(['requested_by', sql<string | null>`${sql.raw(kind.table === 'onerecord_action_requests' ? 'object_id' : 'NULL')}`.as('object_id')])
      .where('request_id', '=', row.action_request_id)
      .executeTakeFirst();
    const target = request ? await targetOf(trx, request.requested_by, objectsBase) : undefined;
    if (!request || !target) return undefined;
    const body = {
      '@context': CONTEXT,
      '@type': 'api:Notification',
      'api:hasEventType': { '@id': `api:${row.event_type}` },
      ...(request.object_id ? { 'api:hasLogisticsObject': { '@id': logisticsObjectIri(base, request.object_id) } } : {}),
      'api:isTriggeredBy': { '@id': actionRequestIri(base, row.action_request_id) },
    };
    return { target, body: JSON.stringify(body) };
  }

  /**
   * An announcement (migration 0037) to the organisation of each registered client that may see the shipment: a new
   * shipment's master Waybill to the clients of the companies that see it (LOGISTICS_OBJECT_AVAILABLE), a lent one's to
   * the clients of the company it is lent to while it is (LOGISTICS_OBJECT_ACCESS_GRANTED). Once per organisation.
   */
  async function announcements(trx: Db, row: OutboxRow, batch: BatchLookups): Promise<{ target: string; body: string }[]> {
    const cached = row.shipment_id ? await ctx.shipments.rowById(row.shipment_id) : undefined;
    if (!cached || !row.shipment_id) return [];
    const lending = row.event_type === 'LOGISTICS_OBJECT_ACCESS_GRANTED';
    if (lending && !row.company_id) return [];
    const clients = (await batch.clients()).filter((client) => !lending || client.company_id === row.company_id);
    const objectIri = logisticsObjectIri(base, waybillObjectId(row.shipment_id));
    const body = JSON.stringify({
      '@context': CONTEXT,
      '@type': 'api:Notification',
      'api:hasEventType': { '@id': `api:${row.event_type}` },
      'api:hasLogisticsObject': { '@id': objectIri },
      'api:hasLogisticsObjectType': `${CARGO}Waybill`,
    });
    // Lent: read here, in this transaction (a cached scope may not know of the lending yet).
    const stillLent =
      lending &&
      (await trx
        .selectFrom('shipment_lendings')
        .select('company_id')
        .where('shipment_id', '=', row.shipment_id)
        .where('company_id', '=', row.company_id as string)
        .executeTakeFirst()) !== undefined;
    const sees = new Map<string, boolean>();
    const told = new Set<string>();
    for (const client of clients) {
      if (!sees.has(client.company_id))
        sees.set(client.company_id, lending ? stillLent : accessOf(await ctx.access.scope({ companyId: client.company_id }), cached.row, false) === 'full');
      if (!sees.get(client.company_id)) continue;
      const target = await batch.targetOf(client.organisation_iri);
      if (target) told.add(target);
    }
    return [...told].map((target) => ({ target, body }));
  }

  async function dispatchBatch(): Promise<{ taken: number; targets: Set<string> }> {
    return db.transaction().execute(async (trx) => {
      const { rows } = await sql<OutboxRow>`
        DELETE FROM onerecord_outbox WHERE outbox_id IN (
          SELECT outbox_id FROM onerecord_outbox ORDER BY outbox_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING outbox_id::text, event_type, shipment_id::text, object_id, event_id, action_request_id::text, company_id`.execute(trx);
      const targets = new Set<string>();
      if (rows.length === 0) return { taken: 0, targets };
      rows.sort((a, b) => Number(a.outbox_id) - Number(b.outbox_id));
      // A decision (an event of the Shipment, no object named) is also its Check, a new object: told first, as the event links to it.
      const expanded = rows.flatMap((row) =>
        row.event_type === 'LOGISTICS_EVENT_RECEIVED' && row.shipment_id && row.event_id && !row.object_id
          ? [{ ...row, event_type: 'LOGISTICS_OBJECT_CREATED', object_id: checkObjectId(row.shipment_id, row.event_id), event_id: null }, row]
          : [row],
      );
      const subscriptions = (await trx
        .selectFrom('onerecord_subscriptions')
        .select(['request_id', 'company_id', 'subscriber', 'topic_type', 'topic', 'event_types', 'send_body'])
        .where('status', '=', 'REQUEST_ACCEPTED')
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
        .execute()) as SubscriptionRow[];
      // Read once per batch, not per row: a bulk import makes an announcement per new shipment.
      const targetOfSubscriber = new Map<string, string | undefined>();
      const batch: BatchLookups = {
        async targetOf(subscriber) {
          if (!targetOfSubscriber.has(subscriber)) targetOfSubscriber.set(subscriber, await targetOf(trx, subscriber, objectsBase));
          return targetOfSubscriber.get(subscriber);
        },
        clients: once(() =>
          trx.selectFrom('onerecord_clients').select(['company_id', 'organisation_iri']).where('revoked_at', 'is', null).orderBy('created_at').execute(),
        ),
      };
      const deliveries: { request_id: string | null; action_request_id?: string; target: string; body: string }[] = [];
      for (const row of expanded) {
        if (row.action_request_id) {
          const told = await statusNotification(trx, row);
          if (told) {
            deliveries.push({ request_id: null, action_request_id: row.action_request_id, ...told });
            targets.add(told.target);
          }
          continue;
        }
        if (ANNOUNCEMENTS.includes(row.event_type)) {
          for (const told of await announcements(trx, row, batch)) {
            deliveries.push({ request_id: null, ...told });
            targets.add(told.target);
          }
          continue;
        }
        const interested = subscriptions.filter((subscription) => subscription.event_types.includes(row.event_type));
        if (interested.length === 0) continue;
        for (const subject of await subjectsOf(row)) {
          for (const subscription of interested) {
            if (!matches(subscription, row, subject) || !(await subject.visibleTo(subscription.company_id))) continue;
            const target = await batch.targetOf(subscription.subscriber);
            if (!target) continue;
            deliveries.push({ request_id: subscription.request_id, target, body: JSON.stringify(notification(row, subscription, subject)) });
            targets.add(target);
          }
        }
      }
      if (deliveries.length > 0) await trx.insertInto('onerecord_deliveries').values(deliveries).execute();
      // Each target with notifications due has its row (migration 0036) until a sender finds nothing due. The upsert
      // locks the row until this commits, so a sender looking whether its target is done sees these notifications.
      for (const target of [...targets].sort())
        await sql`
          INSERT INTO onerecord_retry_targets (target) VALUES (${target})
          ON CONFLICT (target) DO UPDATE SET since = onerecord_retry_targets.since`.execute(trx);
      return { taken: rows.length, targets };
    });
  }

  async function dispatchAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const { taken, targets } = await dispatchBatch();
      total += taken;
      for (const target of targets) void drainNow(target);
      if (taken < BATCH) return total;
    }
  }

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

  /** One dispatch at a time in this process; a wake-up meanwhile runs another after it. */
  function dispatch(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await dispatchAll();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const wake = () => {
    if (!stopped) dispatch().catch((error) => log.warn({ err: error }, 'ONE Record notifications not dispatched; the next wake-up tries again'));
  };
  const unsubscribe = ctx.changes.subscribe({ onChange: (event) => event.k === 'oneRecordOutbox' && wake(), onReset: wake });
  const sweep = setInterval(() => {
    wake();
    if (!stopped) adoptStranded().catch((error) => log.warn({ err: error }, 'ONE Record targets left without a job not looked at; the next sweep tries again'));
  }, SWEEP_MS);
  sweep.unref();
  return {
    dispatch,
    drain,
    retryTarget,
    stop() {
      stopped = true;
      clearInterval(sweep);
      unsubscribe();
      notifyAuth.stop();
    },
  };
}
