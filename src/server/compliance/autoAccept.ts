import type { Db } from '../db/database';
import { writeShipmentEvents } from '../shipments/actionLog';

/**
 * Automatic acceptance (spec 4: "auto acceptance may be in progress"): a shipment the rules let
 * through waits in Processing until its time comes, then is accepted by the system. The state is
 * the shipment row itself, claimed with SKIP LOCKED, so any number of instances may run this and a
 * restart loses nothing: a shipment whose time passed while no server ran is accepted at the next.
 */

export const AUTO_ACCEPT_USER = 'system';

export async function acceptDueShipments(db: Db, now: Date = new Date(), limit = 200): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('shipments')
      .select(['shipment_id', 'carrier_id'])
      .where('status', '=', 'Processing')
      .where('auto_accept_at', '<=', now)
      .orderBy('auto_accept_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;
    await trx
      .updateTable('shipments')
      .set({ status: 'Accept', auto_accept_at: null })
      .where(
        'shipment_id',
        'in',
        due.map((row) => row.shipment_id),
      )
      .execute();
    await writeShipmentEvents(
      trx,
      due.map((row) => ({
        shipmentId: String(row.shipment_id),
        kind: 'ACCEPT',
        description: 'Accepted automatically: acceptance control allows it and no rule or sanction hit stops it.',
        companyId: row.carrier_id,
        userId: AUTO_ACCEPT_USER,
      })),
    );
    return due.length;
  });
}
