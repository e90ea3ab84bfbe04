import { openHitCount, type HitState } from '../../domain/sanctionReview';
import type { ShipmentEvent } from '../shipments/actionLog';

/**
 * A shipment is on sanction hold while it has an open (or escalated) sanction hit: it cannot be accepted. The change
 * of its hits that puts it on hold (its first open hit) or releases it (its last open hit settled, or no longer
 * found) adds a HOLD or RELEASE line to its history, in the transaction that writes the hits, whatever wrote them: a
 * received FWB or FHL, a re-screening, a whitelist row, a reviewer's decision. ONE Record tells these lines as
 * logistics events of the shipment (issue 37, 3); they carry counts only, never who or what hit.
 */
export function sanctionHoldEvents(
  shipmentId: string,
  before: readonly { state: HitState }[],
  after: readonly { state: HitState }[],
  by: { companyId: string | null; userId: string | null } = { companyId: null, userId: null },
): ShipmentEvent[] {
  const [held, holds] = [openHitCount(before) > 0, openHitCount(after)];
  if (!held && holds > 0) return [{ shipmentId, kind: 'HOLD', description: `Held for sanction review: ${holds} open sanction hit(s).`, ...by }];
  if (held && holds === 0) return [{ shipmentId, kind: 'RELEASE', description: 'Released from sanction hold: no open sanction hit.', ...by }];
  return [];
}
