import { sanctionHoldChange, type HitState } from '../../domain/sanctionReview';
import type { ShipmentEvent } from '../shipments/actionLog';

/**
 * The history line of a change of a shipment's hold (sanctionHoldChange: on hold at its first open or escalated
 * hit, released when none is left): HOLD or RELEASE, written in the transaction that writes the hits, whatever
 * wrote them: a received FWB or FHL, a re-screening, a whitelist row, a reviewer's decision. ONE Record tells
 * these lines as logistics events of the shipment (issue 37, 3); they carry counts only, never who or what hit.
 */
export function sanctionHoldEvents(
  shipmentId: string,
  before: readonly { state: HitState }[],
  after: readonly { state: HitState }[],
  by: { companyId: string | null; userId: string | null } = { companyId: null, userId: null },
): ShipmentEvent[] {
  const change = sanctionHoldChange(before, after);
  if (change?.kind === 'HOLD') return [{ shipmentId, kind: 'HOLD', description: `Held for sanction review: ${change.open} open sanction hit(s).`, ...by }];
  if (change?.kind === 'RELEASE') return [{ shipmentId, kind: 'RELEASE', description: 'Released from sanction hold: no open sanction hit.', ...by }];
  return [];
}
