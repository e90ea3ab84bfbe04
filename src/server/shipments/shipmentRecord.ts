import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ShipmentTable } from '../db/schema';
import { accessOf, type CompanyScope, type ShipmentAccess } from './scope';

/** A shipment's row as read (flight date as ISO day text). */
export type ShipmentRow = Omit<Selectable<ShipmentTable>, 'flight_date'> & { flight_date: string };
export type ShipmentRecord = ShipmentRow & { is_lent: boolean };

export type ShipmentLookup = { kind: 'found'; shipment: ShipmentRecord; access: ShipmentAccess } | { kind: 'notFound' };

/** One shipment by id or by AWB, with the company's access to it; `forUpdate` locks its row for the transaction. */
export async function findShipment(
  db: Db,
  scope: CompanyScope,
  key: { id: string } | { prefix: string; suffix: string },
  { forUpdate = false } = {},
): Promise<ShipmentLookup> {
  let query = db.selectFrom('shipments as s').selectAll('s').select(sql<string>`to_char(s.flight_date, 'YYYY-MM-DD')`.as('flight_date'));
  query = 'id' in key ? query.where('s.shipment_id', '=', key.id) : query.where('s.awb_prefix', '=', key.prefix).where('s.awb_suffix', '=', key.suffix);
  if (forUpdate) query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as Omit<ShipmentRecord, 'is_lent'> | undefined;
  if (!row) return { kind: 'notFound' };
  // The scope holds the company's lendings already (read with it for the same request).
  const shipment: ShipmentRecord = { ...row, is_lent: scope.lentIds.includes(String(row.shipment_id)) };
  return { kind: 'found', shipment, access: accessOf(scope, shipment, shipment.is_lent) };
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
    .select(['awb_prefix', 'agent_company_id', 'origin', 'destination', 'status', 'update_dt'])
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  if (!row) return { kind: 'notFound' };
  return { kind: 'found', access: accessOf(scope, row, scope.lentIds.includes(shipmentId)), status: row.status, updateDt: row.update_dt };
}
