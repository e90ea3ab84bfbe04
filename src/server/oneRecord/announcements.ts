import { accessOf } from '../shipments/scope';
import { CARGO, CONTEXT, logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import { waybillObjectId } from '../../domain/oneRecord/waybillObjects';
import type { AppContext } from '../context';
import type { Db } from '../db/database';

/** What the portal announces to the registered clients' organisations (migration 0037), not to subscribers. */
export const ANNOUNCEMENTS = ['LOGISTICS_OBJECT_AVAILABLE', 'LOGISTICS_OBJECT_ACCESS_GRANTED'];

/** The outbox row of an announcement: the shipment, and for a lending the company it is lent to. */
export interface AnnouncedRow {
  event_type: string;
  shipment_id: string | null;
  company_id: string | null;
}

/** What one dispatch batch reads once: where each subscriber's notifications go, and the live registered clients. */
export interface BatchLookups {
  targetOf(subscriber: string): Promise<string | undefined>;
  clients(): Promise<{ company_id: string; organisation_iri: string }[]>;
}

/**
 * An announcement (migration 0037) to the organisation of each registered client that may see the shipment: a new
 * shipment's master Waybill to the clients of the companies that see it (LOGISTICS_OBJECT_AVAILABLE), a lent one's to
 * the clients of the company it is lent to while it is (LOGISTICS_OBJECT_ACCESS_GRANTED). Once per organisation.
 */
export async function announcements(
  ctx: Pick<AppContext, 'shipments' | 'access'>,
  base: string,
  trx: Db,
  row: AnnouncedRow,
  batch: BatchLookups,
): Promise<{ target: string; body: string }[]> {
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
      sees.set(client.company_id, lending ? stillLent : accessOf(await ctx.access.scope({ companyId: client.company_id }), cached.row) === 'full');
    if (!sees.get(client.company_id)) continue;
    const target = await batch.targetOf(client.organisation_iri);
    if (target) told.add(target);
  }
  return [...told].map((target) => ({ target, body }));
}
