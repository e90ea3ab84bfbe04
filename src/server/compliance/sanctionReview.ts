import { formatAwbNumber } from '../../domain/awb';
import { FunctionId } from '../../domain/access';
import { remarkProblem } from '../../domain/remark';
import {
  nextHitState,
  openHitCount,
  type ReviewedSanctionHit,
  REVIEWER_DECISIONS,
  type SanctionDecision,
  SanctionReviewMessages,
} from '../../domain/sanctionReview';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { companyMayDecide } from '../../domain/shipmentStatus';
import { formatMessage } from '../../domain/statusCodes';
import type { JobQueue } from '../jobs/jobQueue';
import { writeActionLog, writeShipmentEvent, writeShipmentEvents } from '../shipments/actionLog';
import { sanctionHoldEvents } from './sanctionHold';
import { changeShipment, refusal, type ChangeOutcome } from '../shipments/decisionGuard';
import type { DecisionCaller } from '../shipments/decisions';
import { findShipment } from '../shipments/shipmentRecord';
import { carrierRules, type CarrierRules } from './carrierRules';
import { reassessShipment } from './reassess';
import { reviewedHitsOf } from './storedHits';
import type { SanctionResendOutcome } from '../../domain/shipmentWire';
import type { Static } from 'typebox';
import type { sanctionSaveBody } from './schemas';

/**
 * The sanction review calls (spec 7): save (escalate, cancel escalation, approve, deny, clear, each
 * with a remark of 10 to 5000 characters, optimistic on UpdateDT), resend (screen again against
 * the current lists), and the ad hoc name check.
 */

/** POST awbapi/sanction/save's body, as its route schema (schemas.ts) gives it. */
export type SanctionSaveRequest = Static<typeof sanctionSaveBody>;

export interface SanctionSaveAnswer {
  ShipmentId: string;
  UpdateDT: string;
  Status: string;
  OpenHits: number;
}

export interface ReviewDeps {
  jobs?: JobQueue;
  autoAcceptDelaySeconds: number;
}

const PAST: Record<SanctionDecision, string> = {
  ESCALATE: 'escalated',
  CANCEL_ESCALATION: 'de-escalated',
  APPROVE: 'approved',
  DENY: 'denied',
  CLEAR: 'cleared',
};

export async function saveSanctionDecisions(
  caller: DecisionCaller,
  deps: ReviewDeps,
  request: SanctionSaveRequest,
): Promise<ChangeOutcome<SanctionSaveAnswer>> {
  if (request.decisions.length === 0) return { kind: 'invalid', message: SanctionReviewMessages.noDecision };
  for (const decision of request.decisions) {
    const problem = remarkProblem(decision.Remark, true);
    if (problem) return { kind: 'invalid', message: problem };
  }
  const seen = new Set<string>();
  for (const { HitId } of request.decisions) {
    if (seen.has(HitId)) return { kind: 'invalid', message: formatMessage(SanctionReviewMessages.twice, { hitId: HitId }) };
    seen.add(HitId);
  }
  if (
    request.decisions.some((decision) => REVIEWER_DECISIONS.has(decision.Decision)) &&
    !(await caller.access.roleHoldsFunction(caller.account.roleId, FunctionId.SANCTION_REVIEW))
  ) {
    return refusal('reviewerOnly', SanctionReviewMessages.reviewerOnly);
  }
  // The carrier's rules are read before the row is locked: after a list change they take a while to build.
  const carrier = await caller.db.selectFrom('shipments').select('carrier_id').where('shipment_id', '=', request.ShipmentId).executeTakeFirst();
  const rules = carrier?.carrier_id ? await carrierRules(caller.db, carrier.carrier_id) : undefined;
  return changeShipment(
    caller,
    request,
    async ({ trx, shipment, shipmentId }) => {
      if (shipment.awb_prefix !== request.AWBPrefix || shipment.awb_suffix !== request.AWBSuffix) {
        return {
          kind: 'invalid',
          message: `The AWB ${formatAwbNumber({ prefix: request.AWBPrefix, suffix: request.AWBSuffix })} is not the AWB of shipment ${shipmentId}.`,
        };
      }
      if (!companyMayDecide(caller.scope.companyTypeId)) return refusal('companyCannotDecide', ShipmentMessages.companyCannotDecide);
      const hits = reviewedHitsOf(shipment.sanction_hits);
      // The states before the decisions (which change the hits in place): the hold is told from these to the end's.
      const holdFrom = hits.map((hit) => ({ state: hit.state }));
      const at = new Date().toISOString();
      const descriptions: string[] = [];
      for (const decision of request.decisions) {
        const hit = hits.find((candidate) => candidate.hitId === decision.HitId);
        if (!hit) return { kind: 'invalid', message: formatMessage(SanctionReviewMessages.unknownHit, { hitId: decision.HitId }) };
        const state = nextHitState(hit.state, decision.Decision);
        if (!state)
          return refusal(
            'hitState',
            formatMessage(SanctionReviewMessages.notAllowed, { hitId: hit.hitId, state: hit.state, decision: PAST[decision.Decision] }),
          );
        hit.state = state;
        hit.actions = [
          ...hit.actions,
          { decision: decision.Decision, state, by: caller.account.userId, companyId: caller.account.companyId, at, remarks: decision.Remark.trim() },
        ];
        descriptions.push(
          `Sanction hit ${hit.hitId} (${hit.role.toLowerCase()}${hit.hawb ? ` of house ${hit.hawb}` : ''} matches '${hit.matchedPhrase}', ${hit.listName} ${hit.entryId}) ${PAST[decision.Decision]}: ${decision.Remark.trim()}`,
        );
      }
      // The carrier is the shipment's own (its AWB prefix), as read before the lock.
      const reassessed =
        rules && shipment.carrier_id === carrier?.carrier_id
          ? await reassessShipment(trx, rules, shipment, {
              now: new Date(),
              autoAcceptDelaySeconds: deps.autoAcceptDelaySeconds,
              hits,
              holdFrom,
              ...(deps.jobs ? { jobs: deps.jobs } : {}),
            })
          : undefined;
      // A shipment the engine never read (from before it existed) keeps its status; its hits are reviewed all the same.
      if (!reassessed?.changed)
        await trx
          .updateTable('shipments')
          .set({ sanction_hits: JSON.stringify(hits) })
          .where('shipment_id', '=', shipmentId)
          .execute();
      const by = { companyId: caller.account.companyId, userId: caller.account.userId };
      await writeShipmentEvents(trx, [
        ...descriptions.map((description) => ({ shipmentId, kind: 'SANCTION' as const, description, ...by })),
        // A reassessment that changed the shipment told its hold itself (writeReassessment, from holdFrom).
        ...(reassessed?.changed ? [] : sanctionHoldEvents(shipmentId, holdFrom, hits, by)),
      ]);
      await writeActionLog(trx, caller.account, caller.ip, [
        {
          actType: 'Sanction',
          docType: 'Sanction',
          remarks: descriptions.join(' | ').slice(0, 5000),
          shipmentId,
          awbPrefix: shipment.awb_prefix,
          awbSuffix: shipment.awb_suffix,
        },
      ]);
      const after = await trx
        .selectFrom('shipments')
        .select(['update_dt', 'status', 'sanction_hits'])
        .where('shipment_id', '=', shipmentId)
        .executeTakeFirstOrThrow();
      return {
        kind: 'ok',
        data: {
          ShipmentId: shipmentId,
          UpdateDT: after.update_dt.toISOString(),
          Status: after.status,
          OpenHits: openHitCount(reviewedHitsOf(after.sanction_hits)),
        },
      };
    },
    // The row is read and written back whole: a concurrent change waits, then finds UpdateDT moved on.
    { lockRow: true },
  );
}

/** Screens shipments again against the carrier's current lists; reviews of hits found again are kept. */
export async function resendSanctionScreening(caller: DecisionCaller, deps: ReviewDeps, shipmentIds: readonly string[]): Promise<SanctionResendOutcome[]> {
  const outcomes: SanctionResendOutcome[] = [];
  // The ids mostly share a carrier: its lists are read (and their freshness checked) once per call.
  const rulesByCarrier = new Map<string, Promise<CarrierRules>>();
  const rulesOf = (carrierId: string) => {
    if (!rulesByCarrier.has(carrierId)) rulesByCarrier.set(carrierId, carrierRules(caller.db, carrierId));
    return rulesByCarrier.get(carrierId)!;
  };
  for (const shipmentId of shipmentIds) {
    const found = await findShipment(caller.db, caller.scope, { id: shipmentId });
    if (found.kind === 'notFound') {
      outcomes.push({ ShipmentId: shipmentId, AWBNumber: null, Outcome: 'notFound', Status: null, Hits: 0, OpenHits: 0 });
      continue;
    }
    const awb = formatAwbNumber({ prefix: found.shipment.awb_prefix, suffix: found.shipment.awb_suffix });
    if (found.access !== 'full') {
      outcomes.push({ ShipmentId: shipmentId, AWBNumber: awb, Outcome: 'notAccessible', Status: null, Hits: 0, OpenHits: 0 });
      continue;
    }
    const carrierId = found.shipment.carrier_id;
    const rules = carrierId ? await rulesOf(carrierId) : undefined;
    const outcome = await caller.db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('shipments').selectAll().where('shipment_id', '=', shipmentId).forUpdate().executeTakeFirstOrThrow();
      const reassessed = rules
        ? await reassessShipment(trx, rules, locked, {
            now: new Date(),
            autoAcceptDelaySeconds: deps.autoAcceptDelaySeconds,
            ...(deps.jobs ? { jobs: deps.jobs } : {}),
          })
        : undefined;
      if (!reassessed) {
        const hits = reviewedHitsOf(locked.sanction_hits);
        return { Outcome: 'notScreenable' as const, Status: locked.status, Hits: hits.length, OpenHits: openHitCount(hits) };
      }
      const open = openHitCount(reassessed.assessment.hits);
      await writeShipmentEvent(trx, {
        shipmentId,
        kind: 'SANCTION',
        description: `Screened again against the current lists by ${caller.account.userId}: ${reassessed.assessment.hits.length} hit(s), ${open} open.`,
        companyId: caller.account.companyId,
        userId: caller.account.userId,
      });
      await writeActionLog(trx, caller.account, caller.ip, [
        {
          actType: 'Sanction',
          docType: 'Sanction',
          remarks: 'Screened again (resend)',
          shipmentId,
          awbPrefix: locked.awb_prefix,
          awbSuffix: locked.awb_suffix,
        },
      ]);
      return { Outcome: 'screened' as const, Status: reassessed.after, Hits: reassessed.assessment.hits.length, OpenHits: open };
    });
    outcomes.push({ ShipmentId: shipmentId, AWBNumber: awb, ...outcome });
  }
  return outcomes;
}

export type { ReviewedSanctionHit };
