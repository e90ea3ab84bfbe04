import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DECISION_CODES, decisionEvent, screeningStatusList, shipmentObjectId } from '../../domain/oneRecord/decisionEvents';
import { postedEventNode, type EventTimeType, type PostedEvent } from '../../domain/oneRecord/postedEvents';
import { logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import type { Db } from '../db/database';

/**
 * The logistics events of a logistics object (issue 37): the portal's decisions on a shipment (its history lines
 * ACCEPT, REJECT, HOLD, RELEASE, events of its Shipment object) and the events partners post to any of its objects
 * (onerecord_events, append-only). A page of them is one query over both, ordered and counted by the database: an
 * object's posted events grow without end, and were read whole for every page and every single event.
 */

/** A logistics event as the list and the single GET answer it. */
export type EventNode = { '@id': string; 'cargo:eventCode'?: { '@id': string }; 'cargo:creationDate': string };

export interface EventsOf {
  base: string;
  /** The shipment the object is derived from; null for a partner's object. */
  shipmentId: string | null;
  objectId: string;
  /** Only the portal's decisions, no partner's event (what a borrower reads). */
  decisionsOnly?: boolean;
}

/** A row of either kind: a decision (source 0: its history line) or a posted event (source 1). */
interface EventRow {
  source: number;
  decision_id: string | null;
  kind: string | null;
  event_id: string | null;
  at: Date;
  event_date: Date | null;
  event_code: string | null;
  event_name: string | null;
  event_time_type: string | null;
  partial_event: boolean | null;
  event_location: string | null;
  recording_organisation: string | null;
}

/** Both kinds of an object's events as one relation: the decisions only for the Shipment object, each with its code's IRI. */
function eventsRelation({ base, shipmentId, objectId, decisionsOnly = false }: EventsOf) {
  const decisionKinds = Object.keys(DECISION_CODES);
  const codeOfKind = sql.join(
    Object.entries(DECISION_CODES).map(([kind, code]) => sql`WHEN ${kind} THEN ${`${screeningStatusList(base)}#${code}`}`),
    sql` `,
  );
  const isShipment = shipmentId !== null && objectId === shipmentObjectId(shipmentId);
  return sql<EventRow & { code_iri: string | null }>`
    SELECT 0 AS source, e.event_id::text AS decision_id, e.kind::text AS kind, NULL::text AS event_id, e.at,
           NULL::timestamptz AS event_date, CASE e.kind::text ${codeOfKind} END AS code_iri, NULL::text AS event_code,
           NULL::text AS event_name, NULL::text AS event_time_type, NULL::boolean AS partial_event,
           NULL::text AS event_location, NULL::text AS recording_organisation
      FROM shipment_events e
     WHERE ${isShipment} AND e.shipment_id = ${shipmentId} AND e.kind::text IN (${sql.join(decisionKinds)})
    UNION ALL
    SELECT 1, NULL, NULL, p.event_id::text, p.created_at, p.event_date, p.event_code, p.event_code, p.event_name,
           p.event_time_type, p.partial_event, p.event_location, p.recording_organisation
      FROM onerecord_events p
     WHERE ${!decisionsOnly} AND p.object_id = ${objectId}`;
}

function nodeOf({ base, shipmentId, objectId }: EventsOf, row: EventRow): EventNode | undefined {
  if (row.source === 0) return decisionEvent(base, String(shipmentId), { eventId: String(row.decision_id), kind: String(row.kind), at: row.at });
  return postedEventNode(logisticsObjectIri(base, objectId), {
    eventId: String(row.event_id),
    createdAt: row.at,
    eventDate: row.event_date as Date,
    ...(row.event_code !== null ? { eventCode: row.event_code } : {}),
    ...(row.event_name !== null ? { eventName: row.event_name } : {}),
    ...(row.event_time_type !== null ? { eventTimeType: row.event_time_type as EventTimeType } : {}),
    ...(row.partial_event !== null ? { partialEventIndicator: row.partial_event } : {}),
    ...(row.event_location !== null ? { eventLocation: row.event_location } : {}),
    ...(row.recording_organisation !== null ? { recordingOrganization: row.recording_organisation } : {}),
  });
}

/** `%`, `_` and `\` written literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A page of the object's events, oldest first (the portal's decision before a partner's event of the same moment):
 * those whose code's IRI holds one of `codes` (all when none), `skip` and `limit` applied; how many match; and when
 * the latest of all its events happened.
 */
export async function eventPage(
  db: Db,
  of: EventsOf,
  { codes, skip, limit }: { codes: readonly string[]; skip: number; limit: number },
): Promise<{ total: number; lastAt: Date | undefined; items: EventNode[] }> {
  const matching =
    codes.length === 0
      ? sql<boolean>`true`
      : sql.join(
          codes.map((code) => sql`code_iri LIKE ${`%${likeLiteral(code)}%`}`),
          sql` OR `,
        );
  const [summary, page] = await Promise.all([
    sql<{ total: string; last_at: Date | null }>`
      SELECT count(*) FILTER (WHERE ${matching}) AS total, max(at) AS last_at FROM (${eventsRelation(of)}) events`.execute(db),
    sql<EventRow>`
      SELECT * FROM (${eventsRelation(of)}) events
       WHERE ${matching}
       ORDER BY at, source, decision_id::bigint, event_id
       LIMIT ${limit} OFFSET ${skip}`.execute(db),
  ]);
  return {
    total: Number(summary.rows[0]?.total ?? 0),
    lastAt: summary.rows[0]?.last_at ?? undefined,
    items: page.rows.flatMap((row) => nodeOf(of, row) ?? []),
  };
}

/** One event of the object by its id (a decision's history line number, or a posted event's UUID). */
export async function eventById(db: Db, of: EventsOf, eventId: string): Promise<EventNode | undefined> {
  const byDecision = /^\d{1,18}$/.test(eventId);
  const byPosted = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(eventId);
  if (!byDecision && !byPosted) return undefined;
  const { rows } = await sql<EventRow>`
    SELECT * FROM (${eventsRelation(of)}) events
     WHERE ${byDecision ? sql`decision_id = ${eventId}` : sql`event_id = ${eventId.toLowerCase()}`}`.execute(db);
  return rows[0] ? nodeOf(of, rows[0]) : undefined;
}

/** Who posts an event: a user of a company, or a registered client with its organisation. */
export interface EventPoster {
  companyId: string;
  userId?: string;
  clientId?: string;
  organisationIri?: string;
}

/** Keeps a posted event of the object; answers its id. */
export async function recordEvent(db: Db, of: EventsOf, poster: EventPoster, event: PostedEvent): Promise<string> {
  const eventId = randomUUID();
  await db
    .insertInto('onerecord_events')
    .values({
      event_id: eventId,
      object_id: of.objectId,
      shipment_id: of.shipmentId,
      company_id: poster.companyId,
      user_id: poster.userId ?? null,
      client_id: poster.clientId ?? null,
      recording_organisation: poster.organisationIri ?? null,
      event_date: event.eventDate,
      event_code: event.eventCode ?? null,
      event_name: event.eventName ?? null,
      event_time_type: event.eventTimeType ?? null,
      partial_event: event.partialEventIndicator ?? null,
      event_location: event.eventLocation ?? null,
    })
    .execute();
  return eventId;
}
