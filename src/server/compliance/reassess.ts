import { isDeepStrictEqual } from 'node:util';
import type { Selectable, Transaction } from 'kysely';
import type { AirWaybill, HouseManifest } from '../../domain/cargoMessages';
import { screeningActions, type ReviewedSanctionHit } from '../../domain/sanctionReview';
import { OPEN_STATUSES } from '../../domain/shipmentStatus';
import type { Database, ShipmentTable } from '../db/schema';
import { QUEUES, type JobQueue } from '../jobs/jobQueue';
import { writeShipmentEvents } from '../shipments/actionLog';
import { assessmentColumns, assessShipment, type Assessment } from './assessment';
import type { CarrierRules } from './carrierRules';
import { reviewedHitsOf } from './storedHits';

/**
 * An open shipment assessed again from the messages it keeps: after one of its carrier's lists
 * changed (re-screening) or after a sanction hit was decided. Decided shipments keep their status;
 * their screening results and findings are brought up to date all the same, and a hit a whitelist
 * row now clears (or no longer clears) is written to the shipment's history.
 */

export type StoredShipment = Selectable<ShipmentTable>;

export interface Reassessment {
  changed: boolean;
  before: string;
  after: string;
  assessment: Assessment;
}

export async function reassessShipment(
  trx: Transaction<Database>,
  rules: CarrierRules,
  shipment: StoredShipment,
  options: { now: Date; autoAcceptDelaySeconds: number; hits?: readonly ReviewedSanctionHit[]; jobs?: JobQueue },
): Promise<Reassessment | undefined> {
  if (!shipment.waybill) return undefined;
  const previousHits = options.hits ?? reviewedHitsOf(shipment.sanction_hits);
  const assessment = assessShipment(rules, {
    waybill: shipment.waybill as AirWaybill,
    ...(shipment.house_manifest ? { manifest: shipment.house_manifest as HouseManifest } : {}),
    specialHandlingCodes: shipment.special_handling_codes,
    previousHits,
    now: options.now,
    autoAcceptDelaySeconds: options.autoAcceptDelaySeconds,
  });
  const columns = assessmentColumns(assessment, rules.signature);
  const open = (OPEN_STATUSES as readonly string[]).includes(shipment.status);
  // A shipment on its way to automatic acceptance keeps its time when nothing changed for it.
  const stillProcessing = open && shipment.status === 'Processing' && columns.status === 'Processing';
  const next = {
    ...columns,
    status: open ? columns.status : shipment.status,
    auto_accept_at: open ? (stillProcessing ? shipment.auto_accept_at : columns.auto_accept_at) : null,
  };
  const changed =
    next.status !== shipment.status ||
    next.acceptance_block !== shipment.acceptance_block ||
    next.acceptance_block_reason !== shipment.acceptance_block_reason ||
    !isDeepStrictEqual(next.special_handling_codes, shipment.special_handling_codes) ||
    !isDeepStrictEqual(JSON.parse(next.sanction_hits), shipment.sanction_hits) ||
    !isDeepStrictEqual(JSON.parse(next.compliance_checks), shipment.compliance_checks);
  if (changed) {
    await trx.updateTable('shipments').set(next).where('shipment_id', '=', shipment.shipment_id).execute();
    // The shipment's history tells what screening did to its hits: cleared by a whitelist row, or open again.
    await writeShipmentEvents(
      trx,
      screeningActions(previousHits, assessment.hits).map(({ hit, action }) => {
        const what = `Sanction hit ${hit.hitId} (${hit.role.toLowerCase()}${hit.hawb ? ` of house ${hit.hawb}` : ''} '${hit.screenedText}' matches '${hit.matchedPhrase}', ${hit.listName} ${hit.entryId})`;
        return action.decision === 'WHITELIST'
          ? {
              shipmentId: String(shipment.shipment_id),
              kind: 'SANCTION',
              description: `${what} cleared by whitelist row ${action.whitelistRowId}, whitelisted by ${action.by}.`,
              companyId: action.companyId || null,
              userId: action.by || null,
              details: { hitId: hit.hitId, whitelistRowId: action.whitelistRowId },
            }
          : {
              shipmentId: String(shipment.shipment_id),
              kind: 'SANCTION',
              description: `${what} is open again: ${action.remarks}`,
              companyId: null,
              userId: null,
            };
      }),
    );
    if (next.status === 'Processing' && next.auto_accept_at && options.jobs) {
      await options.jobs.send(QUEUES.autoAccept, {}, { startAfter: next.auto_accept_at, within: trx });
    }
  }
  return { changed, before: shipment.status, after: next.status, assessment };
}
