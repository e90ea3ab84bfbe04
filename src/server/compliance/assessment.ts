import { addSeconds, formatISO } from 'date-fns';
import type { AirWaybill, HouseManifest } from '../../domain/cargoMessages';
import { checkResult, evaluateShipment, factsFromWaybill, type Evaluation } from '../../domain/compliance';
import { carryReviews, type ReviewedSanctionHit } from '../../domain/sanctionReview';
import { houseSubjects, waybillSubjects, type SanctionHit } from '../../domain/screening';
import type { CarrierRules } from './carrierRules';

/**
 * A shipment assessed: its FWB (and FHL) screened against the carrier's sanction list and
 * evaluated by the rules engine, reviews of earlier hits carried over. What follows is the status
 * an open shipment takes, and when it is accepted automatically.
 */

export type AssessedStatus = 'New' | 'Error' | 'Eyeball' | 'Processing';

export interface Assessment {
  status: AssessedStatus;
  evaluation: Evaluation;
  hits: ReviewedSanctionHit[];
  autoAcceptAt: Date | null;
  /** The assessment's clock (the caller's `now`), stored as its evaluation time. */
  evaluatedAt: Date;
}

export interface AssessmentInput {
  waybill: AirWaybill;
  manifest?: HouseManifest;
  /** The handling codes the shipment has now (FWB codes, or as an operator modified them). */
  specialHandlingCodes: readonly string[];
  previousHits: readonly ReviewedSanctionHit[];
  now: Date;
  autoAcceptDelaySeconds: number;
}

function screen(rules: CarrierRules, waybill: AirWaybill, manifest: HouseManifest | undefined, date: string): (SanctionHit & { hawb?: string })[] {
  const context = { date, carrierId: rules.carrierId };
  const hits: (SanctionHit & { hawb?: string })[] = [...rules.screener.screen(waybillSubjects(waybill), rules.whitelist, context).hits];
  for (const house of manifest?.houses ?? []) {
    for (const hit of rules.screener.screen(houseSubjects(house), rules.whitelist, context).hits) hits.push({ ...hit, hawb: house.hawb });
  }
  return hits;
}

export function assessShipment(rules: CarrierRules, input: AssessmentInput): Assessment {
  const date = formatISO(input.now, { representation: 'date' });
  const hits = carryReviews(screen(rules, input.waybill, input.manifest, date), input.previousHits);
  const facts = {
    ...factsFromWaybill(input.waybill, input.manifest, { carrierId: rules.carrierId, date }),
    specialHandlingCodes: [...input.specialHandlingCodes],
  };
  const evaluation = evaluateShipment(
    facts,
    rules.lists,
    hits.map((hit) => ({
      role: hit.hawb ? `${hit.role} of house ${hit.hawb}` : hit.role,
      matchedPhrase: hit.matchedPhrase,
      entryId: hit.entryId,
      listName: hit.listName,
      state: hit.state,
    })),
    rules.effectLists,
  );
  const autoAccept = evaluation.autoAccept && evaluation.status === 'New';
  return {
    status: autoAccept ? 'Processing' : evaluation.status,
    evaluation,
    hits,
    autoAcceptAt: autoAccept ? addSeconds(input.now, input.autoAcceptDelaySeconds) : null,
    evaluatedAt: input.now,
  };
}

/** The shipment columns an assessment sets. */
export function assessmentColumns(assessment: Assessment, signature: string) {
  const { evaluation } = assessment;
  return {
    status: assessment.status,
    special_handling_codes: evaluation.specialHandlingCodes,
    acceptance_block: evaluation.block?.kind ?? null,
    acceptance_block_reason: evaluation.block?.reason ?? null,
    acceptance_block_companies: [...(evaluation.block?.companies ?? [])],
    sanction_hits: JSON.stringify(assessment.hits),
    compliance_checks: JSON.stringify(evaluation.findings.map((finding) => ({ ...finding, result: checkResult(finding.effect) }))),
    evaluation: JSON.stringify({
      evaluatedAt: assessment.evaluatedAt.toISOString(),
      signature,
      originCountry: evaluation.originCountry ?? null,
      destinationCountry: evaluation.destinationCountry ?? null,
      addedSpecialHandlingCodes: evaluation.addedSpecialHandlingCodes,
      mappedDescriptions: evaluation.mappedDescriptions,
      hsCodes: evaluation.hsCodes,
      suggestedRejectReasons: evaluation.suggestedRejectReasons,
      autoAccept: assessment.autoAcceptAt !== null,
    }),
    auto_accept_at: assessment.autoAcceptAt,
  };
}
