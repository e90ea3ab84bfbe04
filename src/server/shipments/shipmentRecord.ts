import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ShipmentTable } from '../db/schema';
import { accessOf, type CompanyScope, type ShipmentAccess } from './scope';

/** A shipment's row as read (flight date as ISO day text). */
export type ShipmentRow = Omit<Selectable<ShipmentTable>, 'flight_date'> & { flight_date: string };
export type ShipmentRecord = ShipmentRow & { is_lent: boolean };

export type ShipmentLookup = { kind: 'found'; shipment: ShipmentRecord; access: ShipmentAccess } | { kind: 'notFound' };

function shipmentQuery(db: Db) {
  return db.selectFrom('shipments as s').selectAll('s').select(sql<string>`to_char(s.flight_date, 'YYYY-MM-DD')`.as('flight_date'));
}

function foundOf(scope: CompanyScope, row: Omit<ShipmentRecord, 'is_lent'>): { kind: 'found'; shipment: ShipmentRecord; access: ShipmentAccess } {
  // The scope holds the company's lendings already (read with it for the same request).
  const shipment: ShipmentRecord = { ...row, is_lent: scope.lent.has(String(row.shipment_id)) };
  return { kind: 'found', shipment, access: accessOf(scope, shipment) };
}

/** One shipment by id or by AWB, with the company's access to it; `forUpdate` locks its row for the transaction. */
export async function findShipment(
  db: Db,
  scope: CompanyScope,
  key: { id: string } | { prefix: string; suffix: string },
  { forUpdate = false } = {},
): Promise<ShipmentLookup> {
  let query = shipmentQuery(db);
  query = 'id' in key ? query.where('s.shipment_id', '=', key.id) : query.where('s.awb_prefix', '=', key.prefix).where('s.awb_suffix', '=', key.suffix);
  if (forUpdate) query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as Omit<ShipmentRecord, 'is_lent'> | undefined;
  return row ? foundOf(scope, row) : { kind: 'notFound' };
}

/** Shipments by id in one query, each as findShipment finds it, in the order of `ids`. */
export async function findShipments(db: Db, scope: CompanyScope, ids: readonly string[]): Promise<ShipmentLookup[]> {
  if (ids.length === 0) return [];
  const rows = (await shipmentQuery(db)
    .where('s.shipment_id', 'in', [...ids])
    .execute()) as Omit<ShipmentRecord, 'is_lent'>[];
  const byId = new Map(rows.map((row) => [String(row.shipment_id), row]));
  return ids.map((id) => {
    const row = byId.get(id);
    return row ? foundOf(scope, row) : { kind: 'notFound' };
  });
}

/**
 * Whether the company may see a shipment, with its status and UpdateDT, from those few columns: for the calls
 * a browser repeats (the update check every 30 s) that need nothing else of the row.
 */
export async function shipmentAccess(
  db: Db,
  scope: CompanyScope,
  shipmentId: string,
): Promise<{ kind: 'found'; access: ShipmentAccess; status: string; updateDt: Date } | { kind: 'notFound' }> {
  const row = await db
    .selectFrom('shipments')
    .select(['shipment_id', 'awb_prefix', 'agent_company_id', 'origin', 'destination', 'status', 'update_dt'])
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  if (!row) return { kind: 'notFound' };
  return { kind: 'found', access: accessOf(scope, row), status: row.status, updateDt: row.update_dt };
}
