import { sql } from 'kysely';
import type { Logger } from 'pino';
import { compactNode, type StoredNode } from '../../domain/oneRecord/objectReading';
import { isSubclassOf } from '../../domain/oneRecord/ontology';
import { CARGO, CONTEXT, logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import { checkObjectId, shipmentObjectId } from '../../domain/oneRecord/decisionEvents';
import { borrowerSees, derivedObject } from './checks';
import { DERIVED_ID_PATTERN, type JsonLdNode } from '../../domain/oneRecord/waybillObjects';
import type { AppContext } from '../context';
import { slicer } from '../eventLoop';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/jobQueue';
import { accessOf } from '../shipments/scope';
import type { ShipmentRow } from '../shipments/shipmentRecord';
import { actionRequestIri } from './actionRequestRoutes';
import { currentObjects } from './objects';
import { partnerObject } from './partnerObjects';
import { isPermitted } from './delegationStore';
import { ANNOUNCEMENTS, announcements, type BatchLookups } from './announcements';
import { createDeliveries, targetOf } from './deliveries';

/**
 * The ONE Record server's notifications to its subscribers (issue 37, 1; API 2.3.0 "Notifications"). Triggers
 * (migration 0031) put each change in the outbox in the transaction that makes it; the notifier, woken by the change
 * feed (and every few seconds in case a wake-up was missed), turns outbox rows into deliveries (one per matching
 * subscription whose company may see the object: deny by default; a request's status to its requester; announcements
 * to registered clients, announcements.ts) and hands each target that has some due to the sending side (deliveries.ts:
 * in order, retried for a day). An organisation hosted on this server (a portal company, or an organisation object a
 * company created here) gets its notifications filed in the server's own notifications; any other at its server's
 * `/notifications`, derived from its IRI.
 */

const SWEEP_MS = 5_000;
const BATCH = 200;
/**
 * Deliveries written per statement (four parameters each): a statement takes at most 65,535 parameters, and three type
 * subscriptions matching the pieces of a 9,999-piece FWB made 30,000 deliveries in one, which PostgreSQL refused: the
 * outbox row was never dispatched, and every notification after it waited behind it.
 */
const DELIVERIES_PER_STATEMENT = 2_000;

interface OutboxRow {
  outbox_id: string;
  event_type: string;
  shipment_id: string | null;
  object_id: string | null;
  event_id: string | null;
  action_request_id: string | null;
  company_id: string | null;
}

/** A read made at its first use, then kept. */
const once = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= read();
    return kept;
  };
};

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
  /** What a company sees of it (a borrower, less: borrowerView.ts); undefined when it may not see it. */
  seenBy(companyId: string): Promise<Record<string, unknown> | undefined>;
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

export function createNotifier(ctx: AppContext & { jobs: JobQueue }, base: string, log: Logger): Notifier {
  const { db } = ctx;
  const objectsBase = logisticsObjectIri(base, '');
  const { drainNow, drain, retryTarget, adoptStranded, ...deliveries } = createDeliveries(ctx, objectsBase, log);
  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;

  /**
   * An object derived from a shipment: whole to a company that sees the shipment; to one it is lent to, what a borrower
   * sees of it (its decisions, and the objects of its summary: borrowerView.ts), and never a partner's event.
   */
  const shipmentSubject = (row: OutboxRow, shipment: ShipmentRow, node: JsonLdNode): Subject => {
    const objectId = node['@id'].slice(objectsBase.length);
    return {
      objectId,
      type: node['@type'].replace(/^cargo:/, CARGO),
      async seenBy(companyId) {
        const scope = await ctx.access.scope({ companyId });
        const access = accessOf(scope, shipment);
        if (access === 'full') return node;
        if (access === 'none' || (row.event_id && row.object_id)) return undefined;
        return borrowerSees(shipment, base, objectId, node);
      },
    };
  };

  /** The objects an outbox row is about (none when they are gone). */
  async function subjectsOf(row: OutboxRow): Promise<Subject[]> {
    if (row.object_id && !DERIVED_ID_PATTERN.test(row.object_id)) {
      const object = await partnerObject(db, row.object_id);
      if (!object) return [];
      return [
        {
          objectId: row.object_id,
          type: object.type,
          seenBy: async (companyId) =>
            companyId === object.companyId || (await isPermitted(db, companyId, object.objectId, 'GET_LOGISTICS_OBJECT'))
              ? { ...compactNode(object.body as StoredNode), 'api:hasRevision': object.revision, 'api:hasLatestRevision': object.latestRevision }
              : undefined,
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
      return found ? [shipmentSubject(row, cached.row, found.node)] : [];
    }
    return [...currentObjects(cached.row, revisions, base).objects.values()].map((node) => shipmentSubject(row, cached.row, node));
  }

  const matches = (subscription: SubscriptionRow, row: OutboxRow, subject: Subject) =>
    subscription.event_types.includes(row.event_type) &&
    (subscription.topic_type === 'LOGISTICS_OBJECT_IDENTIFIER'
      ? subscription.topic === logisticsObjectIri(base, subject.objectId)
      : subscription.topic === subject.type || isSubclassOf(subject.type, subscription.topic));

  function notification(row: OutboxRow, subscription: SubscriptionRow, subject: Subject, seen: Record<string, unknown>) {
    const objectIri = logisticsObjectIri(base, subject.objectId);
    return {
      '@context': CONTEXT,
      '@type': 'api:Notification',
      'api:hasEventType': { '@id': `api:${row.event_type}` },
      'api:hasLogisticsObject': subscription.send_body ? seen : { '@id': objectIri },
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
      // An FWB of 9,999 pieces and a few type subscriptions make tens of thousands of notifications: made in slices.
      const pause = slicer();
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
          for (const told of await announcements(ctx, base, trx, row, batch)) {
            deliveries.push({ request_id: null, ...told });
            targets.add(told.target);
          }
          continue;
        }
        const interested = subscriptions.filter((subscription) => subscription.event_types.includes(row.event_type));
        if (interested.length === 0) continue;
        for (const subject of await subjectsOf(row)) {
          for (const subscription of interested) {
            await pause();
            if (!matches(subscription, row, subject)) continue;
            const seen = await subject.seenBy(subscription.company_id);
            if (!seen) continue;
            const target = await batch.targetOf(subscription.subscriber);
            if (!target) continue;
            deliveries.push({ request_id: subscription.request_id, target, body: JSON.stringify(notification(row, subscription, subject, seen)) });
            targets.add(target);
          }
        }
      }
      for (let first = 0; first < deliveries.length; first += DELIVERIES_PER_STATEMENT)
        await trx
          .insertInto('onerecord_deliveries')
          .values(deliveries.slice(first, first + DELIVERIES_PER_STATEMENT))
          .execute();
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
      deliveries.stop();
    },
  };
}
