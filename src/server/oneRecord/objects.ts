import { sql } from 'kysely';
import { readCargoMessage } from '../../domain/cargoMessages';
import type { AirWaybill, HouseManifest } from '../../domain/cargoMessages/model';
import { logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import { shipmentObjects, type JsonLdNode } from '../../domain/oneRecord/waybillObjects';
import type { Db } from '../db/database';
import type { ShipmentRow } from '../shipments/shipmentRecord';

/**
 * The logistics objects of one shipment at one revision (issue 37, 2). A shipment's revisions are the FWB and
 * FHL messages that made or changed it (cargo_messages, outcome created or updated): the first is revision 1,
 * and every object derived from the shipment shares its revision and Last-Modified (a newer FWB is a new
 * revision of the whole Waybill). A historical revision (`?at=`) is read back from the messages themselves.
 */

export interface Revisions {
  /** When each revision came, oldest first. */
  at: Date[];
}

export interface ObjectsAtRevision {
  objects: Map<string, JsonLdNode>;
  revision: number;
  latestRevision: number;
  lastModified: Date;
}

/**
 * When the shipment's revisions came (at least one: a shipment put in without a message has its message date as
 * revision 1). Kept per row as the shipment cache holds it: a message that makes a revision changes the shipment,
 * which gives the cache a new row.
 */
const revisionsOfRow = new WeakMap<object, Revisions>();

/** The revisions of a shipment read with its message times (ShipmentCache.rowWithMessages): no query. */
export function revisionsWith(shipment: Pick<ShipmentRow, 'message_date'>, messageTimes: readonly Date[]): Revisions {
  return { at: messageTimes.length > 0 ? (messageTimes as Date[]) : [shipment.message_date] };
}

export async function revisionsOf(db: Db, shipment: Pick<ShipmentRow, 'shipment_id' | 'awb_prefix' | 'awb_suffix' | 'message_date'>): Promise<Revisions> {
  const known = revisionsOfRow.get(shipment);
  if (known) return known;
  const rows = await db
    .selectFrom('cargo_messages')
    .select('received_at')
    .where('awb_prefix', '=', shipment.awb_prefix)
    .where('awb_suffix', '=', shipment.awb_suffix)
    .where('shipment_id', '=', String(shipment.shipment_id))
    .where('outcome', 'in', ['created', 'updated'])
    .orderBy('received_at')
    .orderBy('message_id')
    .execute();
  const revisions = { at: rows.length > 0 ? rows.map((row) => row.received_at) : [shipment.message_date] };
  revisionsOfRow.set(shipment, revisions);
  return revisions;
}

/**
 * The objects of a shipment row as the shipment cache holds it, kept from the row's second mapping: a change of
 * the shipment gives the cache a new row (shipmentCache.ts), so a row's objects never change. Mapping a shipment on
 * every GET took most of the request's time.
 *
 * Not kept the first time: a shipment's objects are about five times its row (63 nodes, 38 KB of JSON on the demo
 * world), and a partner walking many shipments once each left them all to the young generation's collector, which
 * copies what survives; its pauses grew with them (bench/oneRecord.ts, `--trace-gc`: scavenges of 4-7 ms during the
 * GETs of 350 different shipments, 2 ms without the kept objects). A shipment read again (its Waybill, then its
 * Shipment and Pieces; a change request's objects) is mapped once more, then kept.
 */
const objectsOfRow = new WeakMap<ShipmentRow, { base: string; objects: Map<string, JsonLdNode> }>();
const mappedOnce = new WeakSet<ShipmentRow>();

/** The shipment's objects as they are now. */
export function currentObjects(shipment: ShipmentRow, revisions: Revisions, base: string): ObjectsAtRevision {
  let mapped = objectsOfRow.get(shipment);
  if (!mapped || mapped.base !== base) {
    const { objects } = shipmentObjects(
      {
        shipmentId: String(shipment.shipment_id),
        waybill: shipment.waybill as AirWaybill,
        manifest: (shipment.house_manifest as HouseManifest | null) ?? null,
      },
      base,
    );
    mapped = { base, objects };
    if (mappedOnce.has(shipment)) objectsOfRow.set(shipment, mapped);
    else mappedOnce.add(shipment);
  }
  const { objects } = mapped;
  const latest = revisions.at.length;
  return { objects, revision: latest, latestRevision: latest, lastModified: revisions.at[latest - 1] };
}

/**
 * The shipment's objects as they were at `at`: from the latest FWB and FHL received by then. Undefined before
 * its first revision (the object did not exist yet). Links carry the same `?at=` (API 2.3.0, "Retrieve a
 * historical Logistics Object").
 */
export async function objectsAt(
  db: Db,
  shipment: ShipmentRow,
  revisions: Revisions,
  at: Date,
  atText: string,
  base: string,
): Promise<ObjectsAtRevision | undefined> {
  const revision = revisions.at.filter((time) => time <= at).length;
  if (revision === 0) return undefined;
  const latest = revisions.at.length;
  if (revision === latest) return withAt(currentObjects(shipment, revisions, base), atText, base);
  const messages = await db
    .selectFrom('cargo_messages')
    .select(['kind', 'body'])
    .where('awb_prefix', '=', shipment.awb_prefix)
    .where('awb_suffix', '=', shipment.awb_suffix)
    .where('shipment_id', '=', String(shipment.shipment_id))
    .where('outcome', 'in', ['created', 'updated'])
    .where('received_at', '<=', at)
    .where('kind', 'in', ['FWB', 'FHL'])
    .orderBy(sql`received_at DESC, message_id DESC`)
    .execute();
  let waybill: AirWaybill | undefined;
  let manifest: HouseManifest | undefined;
  for (const message of messages) {
    if (waybill && manifest) break;
    const read = readCargoMessage(message.body);
    if (!read.ok) continue;
    if (read.value.kind === 'FWB') waybill ??= read.value.waybill;
    else manifest ??= read.value.manifest;
  }
  // An FHL may come first; before the FWB the shipment had no Waybill (the revision count says it had one: keep today's).
  const { objects } = shipmentObjects(
    { shipmentId: String(shipment.shipment_id), waybill: waybill ?? (shipment.waybill as AirWaybill), manifest: manifest ?? null },
    base,
  );
  return withAt({ objects, revision, latestRevision: latest, lastModified: revisions.at[revision - 1] }, atText, base);
}

/** Every link to one of the portal's objects carries `?at=`. */
function withAt(found: ObjectsAtRevision, atText: string, base: string): ObjectsAtRevision {
  const prefix = logisticsObjectIri(base, '');
  const suffix = `?at=${atText}`;
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(node))
        out[key] = key === '@id' && typeof inner === 'string' && inner.startsWith(prefix) && node['@type'] === undefined ? `${inner}${suffix}` : relink(inner);
      return out;
    }
    return value;
  };
  const objects = new Map([...found.objects].map(([id, node]) => [id, relink(node) as JsonLdNode]));
  return { ...found, objects };
}
