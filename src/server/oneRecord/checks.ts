import { CHECK_ID_PATTERN, DECISION_CODES, decisionCheck } from '../../domain/oneRecord/decisionEvents';
import type { JsonLdNode } from '../../domain/oneRecord/waybillObjects';
import type { Db } from '../db/database';
import type { ShipmentEventKind } from '../../domain/shipmentEvents';
import type { ShipmentRow } from '../shipments/shipmentRecord';
import { borrowerView } from '../../domain/oneRecord/borrowerView';
import { currentObjects, type Revisions } from './objects';

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

/** An object the portal derives from a shipment, as it is now: its node, latest revision and when that came. */
export interface DerivedObject {
  node: JsonLdNode;
  latestRevision: number;
  lastModified: Date;
  isCheck: boolean;
}

/**
 * The object of this id derived from the shipment, when the shipment has it: one of its FWB's objects (every one shares
 * the shipment's revisions), or the Check of one of its decisions (one revision, made with the decision). The one
 * answer to "does it exist" for the GETs, the change requests and the notifier.
 */
export async function derivedObject(db: Db, base: string, shipment: ShipmentRow, revisions: Revisions, id: string): Promise<DerivedObject | undefined> {
  if (isCheckId(id)) {
    const check = await decisionCheckOf(db, base, id);
    return check && { node: check.node, latestRevision: 1, lastModified: check.at, isCheck: true };
  }
  const current = currentObjects(shipment, revisions, base);
  const node = current.objects.get(id);
  return node && { node, latestRevision: current.latestRevision, lastModified: current.lastModified, isCheck: false };
}

/**
 * What a company the shipment is lent to sees of one of its derived objects (`node`, as derivedObject found it): a
 * decision's Check whole; of the others, what its summary shows (borrowerView.ts); undefined for the rest.
 */
export function borrowerSees(shipment: ShipmentRow, base: string, id: string, node: JsonLdNode): JsonLdNode | undefined {
  if (isCheckId(id)) return node;
  return borrowerView(String(shipment.shipment_id), currentObjects(shipment, { at: [shipment.message_date] }, base).objects).get(id);
}
