import { addSeconds, formatISO } from 'date-fns';
import type { AirWaybill, HouseManifest } from '../../domain/cargoMessages';
import { checkResult, evaluationSteps, factsFromWaybill, type Evaluation } from '../../domain/compliance';
import { carryReviews, type ReviewedSanctionHit, type WhitelistClearance } from '../../domain/sanctionReview';
import { houseSubjects, waybillSubjects, type SanctionHit, type SanctionScreener } from '../../domain/screening';
import { runToEnd } from '../../domain/steps';
import { runInSlices } from '../eventLoop';
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

/** The hits of the shipment's parties (and its houses'), and those the whitelist clears, each with the row that clears it. */
function* screenSteps(rules: CarrierRules, waybill: AirWaybill, manifest: HouseManifest | undefined, date: string) {
  const context = { date, carrierId: rules.carrierId };
  const hits: (SanctionHit & { hawb?: string })[] = [];
  const cleared: WhitelistClearance[] = [];
  const collect = (outcome: ReturnType<SanctionScreener['screen']>, hawb?: string) => {
    for (const hit of outcome.hits) hits.push(hawb ? { ...hit, hawb } : hit);
    for (const { hit, clearedBy } of outcome.cleared) {
      const row = rules.whitelistRows.get(clearedBy);
      if (row) cleared.push({ hit: hawb ? { ...hit, hawb } : hit, rowId: row.rowId, by: row.by, ...(clearedBy.reason ? { reason: clearedBy.reason } : {}) });
    }
  };
  collect(rules.screener.screen(waybillSubjects(waybill), rules.whitelist, context));
  // A pause before each house (runInSlices joins them into slices): a house of parties new to the screener's caches takes
  // some milliseconds, and ten of them in one step held the event loop up to 100 ms (an FHL of 211 houses at the message limit).
  for (const house of manifest?.houses ?? []) {
    yield;
    collect(rules.screener.screen(houseSubjects(house), rules.whitelist, context), house.hawb);
  }
  return { hits, cleared };
}

/** A shipment assessed at once (the demo seed, tests). */
export function assessShipment(rules: CarrierRules, input: AssessmentInput): Assessment {
  return runToEnd(assessmentSteps(rules, input));
}

/** A shipment assessed with the event loop free every few houses: a consolidation of 200 houses took 150 ms at once. */
export function assessShipmentInSlices(rules: CarrierRules, input: AssessmentInput): Promise<Assessment> {
  return runInSlices(assessmentSteps(rules, input));
}

/** The assessment, pausing every HOUSES_PER_STEP houses. */
export function* assessmentSteps(rules: CarrierRules, input: AssessmentInput): Generator<void, Assessment> {
  const date = formatISO(input.now, { representation: 'date' });
  const screened = yield* screenSteps(rules, input.waybill, input.manifest, date);
  // Whitelisting keeps the hits a shipment had, cleared by their row (carryReviews).
  const hits = carryReviews(screened.hits, input.previousHits, screened.cleared, { at: input.now.toISOString(), companyId: rules.carrierId });
  const facts = {
    ...factsFromWaybill(input.waybill, input.manifest, { carrierId: rules.carrierId, date }),
    specialHandlingCodes: [...input.specialHandlingCodes],
  };
  const evaluation = yield* evaluationSteps(
    facts,
    rules.lists,
    // A hit the whitelist cleared weighs as a whitelisted name always has: not at all (it stays on the shipment for the trail).
    hits
      .filter((hit) => hit.actions.at(-1)?.decision !== 'WHITELIST')
      .map((hit) => ({
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
