import type { RequestLife } from '../../domain/oneRecord/actionRequests';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Subscription, SubscriptionEventType, TopicType } from '../../domain/oneRecord/subscriptions';
import type { Db } from '../db/database';
import type { Requester } from './partnerObjects';

/**
 * Subscriptions partners make to the portal's ONE Record server (issue 37, 1). The portal, as publisher, decides
 * when the subscription is made: one whose topic the requester's company may see is accepted at once (the
 * statuses it had are kept); a second active subscription of the same company, subscriber and topic is refused.
 * A subscriber revokes its subscription (pending or accepted) to stop its notifications.
 */

export interface SubscriptionRow extends Subscription, RequestLife {
  requestId: string;
  companyId: string;
}

export type SubscribeOutcome = { ok: true; requestId: string } | { ok: false; reason: 'duplicate'; requestId: string };

export async function subscribe(db: Db, subscription: Subscription, requester: Requester, acceptedBy: string): Promise<SubscribeOutcome> {
  return db.transaction().execute(async (trx) => {
    // One active subscription per company, subscriber and topic (two at once would notify twice): taken in turn.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`onerecord-subscription ${requester.companyId} ${subscription.subscriber} ${subscription.topic}`}))`.execute(
      trx,
    );
    const existing = await trx
      .selectFrom('onerecord_subscriptions')
      .select('request_id')
      .where('company_id', '=', requester.companyId)
      .where('subscriber', '=', subscription.subscriber)
      .where('topic_type', '=', subscription.topicType)
      .where('topic', '=', subscription.topic)
      .where('status', 'in', ['REQUEST_PENDING', 'REQUEST_ACCEPTED'])
      .executeTakeFirst();
    if (existing) return { ok: false as const, reason: 'duplicate' as const, requestId: existing.request_id };
    const requestId = randomUUID();
    const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(trx);
    const now = rows[0].now;
    await trx
      .insertInto('onerecord_subscriptions')
      .values({
        request_id: requestId,
        company_id: requester.companyId,
        user_id: requester.userId ?? null,
        client_id: requester.clientId ?? null,
        requested_by: requester.organisationIri,
        subscriber: subscription.subscriber,
        topic_type: subscription.topicType,
        topic: subscription.topic,
        event_types: subscription.eventTypes,
        send_body: subscription.sendBody,
        notify_status: subscription.notify,
        description: subscription.description ?? null,
        expires_at: subscription.expiresAt ?? null,
        requested_at: now,
        status: 'REQUEST_ACCEPTED',
        status_since: now,
        status_history: JSON.stringify([{ status: 'REQUEST_PENDING', since: now.toISOString(), changedBy: acceptedBy }]),
      })
      .execute();
    return { ok: true as const, requestId };
  });
}

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function subscriptionRequest(db: Db, requestId: string): Promise<SubscriptionRow | undefined> {
  if (!REQUEST_ID.test(requestId)) return undefined;
  const row = await db.selectFrom('onerecord_subscriptions').selectAll().where('request_id', '=', requestId.toLowerCase()).executeTakeFirst();
  if (!row) return undefined;
  return {
    requestId: row.request_id,
    companyId: row.company_id,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    subscriber: row.subscriber,
    topicType: row.topic_type as TopicType,
    topic: row.topic,
    eventTypes: row.event_types as SubscriptionEventType[],
    sendBody: row.send_body,
    notify: row.notify_status,
    ...(row.description !== null ? { description: row.description } : {}),
    ...(row.expires_at !== null ? { expiresAt: row.expires_at } : {}),
    status: row.status,
    statusSince: row.status_since,
    history: row.status_history as SubscriptionRow['history'],
    revokedBy: row.revoked_by,
    revokedAt: row.revoked_at,
  };
}

/** Revokes a pending or accepted subscription (its notifications stop); false when it was neither. */
export async function revokeSubscription(db: Db, requestId: string, revokedBy: string): Promise<boolean> {
  const { rows } = await sql<{ request_id: string }>`
    UPDATE onerecord_subscriptions
       SET status = 'REQUEST_REVOKED', revoked_by = ${revokedBy}, revoked_at = clock_timestamp(), status_since = clock_timestamp(),
           status_history = status_history || jsonb_build_array(jsonb_build_object('status', status, 'since', status_since, 'changedBy', ${revokedBy}::text))
     WHERE request_id = ${requestId} AND status IN ('REQUEST_PENDING', 'REQUEST_ACCEPTED')
     RETURNING request_id`.execute(db);
  return rows.length === 1;
}
