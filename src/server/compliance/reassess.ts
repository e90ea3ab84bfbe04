import { isDeepStrictEqual } from 'node:util';
import type { Selectable, Transaction } from 'kysely';
import type { AirWaybill, HouseManifest } from '../../domain/cargoMessages';
import { hitsNoLongerFound, screeningActions, type HitState, type ReviewedSanctionHit } from '../../domain/sanctionReview';
import { OPEN_STATUSES } from '../../domain/shipmentStatus';
import type { Database, ShipmentTable } from '../db/schema';
import { QUEUES, type JobQueue } from '../jobs/jobQueue';
import { writeShipmentEvents } from '../shipments/actionLog';
import { sanctionHoldEvents } from './sanctionHold';
import { assessmentColumns, assessShipmentInSlices, type Assessment } from './assessment';
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

type ReassessOptions = {
  now: Date;
  autoAcceptDelaySeconds: number;
  hits?: readonly ReviewedSanctionHit[];
  /** The hits' states the shipment's hold is told against (sanctionHold.ts): a reviewer's decisions made before `hits`; else `hits`. */
  holdFrom?: readonly { state: HitState }[];
  jobs?: JobQueue;
};

/** What assessing a shipment again would write, worked out without the database: CPU work, done before any row is locked. */
export interface PlannedReassessment extends Reassessment {
  shipment: StoredShipment;
  previousHits: readonly ReviewedSanctionHit[];
  holdFrom: readonly { state: HitState }[];
  next: Omit<ReturnType<typeof assessmentColumns>, 'status'> & { status: string };
}

export async function planReassessment(
  rules: CarrierRules,
  shipment: StoredShipment,
  options: Omit<ReassessOptions, 'jobs'>,
): Promise<PlannedReassessment | undefined> {
  if (!shipment.waybill) return undefined;
  const previousHits = options.hits ?? reviewedHitsOf(shipment.sanction_hits);
  const assessment = await assessShipmentInSlices(rules, {
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
  return { shipment, previousHits, holdFrom: options.holdFrom ?? previousHits, next, changed, before: shipment.status, after: next.status, assessment };
}

/** Writes a planned reassessment that changes the shipment: the caller holds the shipment's row, as planned (same UpdateDT). */
export async function writeReassessment(trx: Transaction<Database>, plan: PlannedReassessment, jobs?: JobQueue): Promise<void> {
  const { shipment, next, previousHits, assessment } = plan;
  if (!plan.changed) return;
  await trx.updateTable('shipments').set(next).where('shipment_id', '=', shipment.shipment_id).execute();
  // The shipment's history tells what screening did to its hits: cleared by a whitelist row, open again, or gone.
  const what = (hit: ReviewedSanctionHit) =>
    `Sanction hit ${hit.hitId} (${hit.role.toLowerCase()}${hit.hawb ? ` of house ${hit.hawb}` : ''} '${hit.screenedText}' matches '${hit.matchedPhrase}', ${hit.listName} ${hit.entryId})`;
  await writeShipmentEvents(trx, [
    ...screeningActions(previousHits, assessment.hits).map(({ hit, action }) =>
      action.decision === 'WHITELIST'
        ? {
            shipmentId: String(shipment.shipment_id),
            kind: 'SANCTION' as const,
            description: `${what(hit)} cleared by whitelist row ${action.whitelistRowId}, whitelisted by ${action.by}.`,
            companyId: action.companyId || null,
            userId: action.by || null,
            details: { hitId: hit.hitId, whitelistRowId: action.whitelistRowId },
          }
        : {
            shipmentId: String(shipment.shipment_id),
            kind: 'SANCTION' as const,
            description: `${what(hit)} is open again: ${action.remarks}`,
            companyId: null,
            userId: null,
          },
    ),
    ...sanctionHoldEvents(String(shipment.shipment_id), plan.holdFrom, assessment.hits),
    ...hitsNoLongerFound(previousHits, assessment.hits).map((hit) => ({
      shipmentId: String(shipment.shipment_id),
      kind: 'SANCTION' as const,
      description: `${what(hit)} is no longer found: ${hit.listName} ${hit.entryId} was removed from its list, or no longer matches. The hit was ${hit.state.toLowerCase()}.`,
      companyId: null,
      userId: null,
      details: { hitId: hit.hitId, entryId: hit.entryId, state: hit.state },
    })),
  ]);
  if (next.status === 'Processing' && next.auto_accept_at && jobs) {
    await jobs.send(QUEUES.autoAccept, {}, { startAfter: next.auto_accept_at, within: trx });
  }
}

/**
 * Writes planned reassessments that change their shipments, locking just those rows, in id order;
 * a shipment that changed since it was planned (a decision, a newer FWB: its UpdateDT moved) is
 * assessed again under its lock, so a plan never writes over what happened meanwhile, or left as it
 * is when the caller's work no longer concerns it (`inScope`). Answers the reassessments written.
 */
export async function applyReassessments(
  trx: Transaction<Database>,
  rules: CarrierRules,
  plans: readonly PlannedReassessment[],
  options: ReassessOptions & { inScope?: (shipment: StoredShipment) => boolean },
): Promise<PlannedReassessment[]> {
  const planned = new Map(plans.filter((plan) => plan.changed).map((plan) => [String(plan.shipment.shipment_id), plan]));
  if (planned.size === 0) return [];
  const locked = await trx
    .selectFrom('shipments')
    .selectAll()
    .where('shipment_id', 'in', [...planned.keys()])
    .orderBy('shipment_id')
    .forUpdate()
    .execute();
  const written: PlannedReassessment[] = [];
  for (const shipment of locked) {
    const plan = planned.get(String(shipment.shipment_id));
    const unchanged = plan && shipment.update_dt.getTime() === plan.shipment.update_dt.getTime();
    // Changed meanwhile: assessed again, as it is now, if the caller's work still concerns it.
    if (!unchanged && options.inScope && !options.inScope(shipment)) continue;
    const current = unchanged ? plan : await planReassessment(rules, shipment, options);
    if (!current?.changed) continue;
    await writeReassessment(trx, current, options.jobs);
    written.push(current);
  }
  return written;
}

/** Assesses a shipment whose row the caller holds, and writes what changed. */
export async function reassessShipment(
  trx: Transaction<Database>,
  rules: CarrierRules,
  shipment: StoredShipment,
  options: ReassessOptions,
): Promise<Reassessment | undefined> {
  const plan = await planReassessment(rules, shipment, options);
  if (!plan) return undefined;
  await writeReassessment(trx, plan, options.jobs);
  return { changed: plan.changed, before: plan.before, after: plan.after, assessment: plan.assessment };
}
