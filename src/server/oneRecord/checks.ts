import { CHECK_ID_PATTERN, DECISION_CODES, decisionCheck } from '../../domain/oneRecord/decisionEvents';
import type { JsonLdNode } from '../../domain/oneRecord/waybillObjects';
import type { Db } from '../db/database';
import type { ShipmentEventKind } from '../../domain/shipmentEvents';

/**
 * The Checks of the portal's decisions (issue 37, 3; decisionEvents.ts): a Check is read from the decision's line in
 * the shipment's history, which is never changed, so a Check has one revision, made when the decision was.
 */

export interface DecisionCheck {
  shipmentId: string;
  node: JsonLdNode;
  /** When the decision was made: the Check's only revision. */
  at: Date;
}

export const isCheckId = (id: string) => CHECK_ID_PATTERN.test(id);

/** The Check of this id, when the shipment it names has that decision in its history; else undefined. */
export async function decisionCheckOf(db: Db, base: string, id: string): Promise<DecisionCheck | undefined> {
  const parts = CHECK_ID_PATTERN.exec(id);
  if (!parts) return undefined;
  const [, shipmentId, eventId] = parts;
  const row = await db
    .selectFrom('shipment_events')
    .select(['kind', 'at'])
    .where('event_id', '=', eventId)
    .where('shipment_id', '=', shipmentId)
    .where('kind', 'in', Object.keys(DECISION_CODES) as ShipmentEventKind[])
    .executeTakeFirst();
  const node = row ? decisionCheck(base, shipmentId, { eventId, kind: row.kind, at: row.at }) : undefined;
  return row && node ? { shipmentId, node, at: row.at } : undefined;
}
