import type { SanctionHit } from './screening';

/**
 * The review of sanction hits on a shipment (spec 4: escalate, cancel escalation, approve, deny,
 * clear, resend). A hit is open until someone decides it; an open or escalated hit keeps the
 * shipment from acceptance, a denied one blocks it, an approved or cleared one no longer counts.
 */

export const SANCTION_DECISIONS = ['ESCALATE', 'CANCEL_ESCALATION', 'APPROVE', 'DENY', 'CLEAR'] as const;
export type SanctionDecision = (typeof SANCTION_DECISIONS)[number];

export const HIT_STATES = ['OPEN', 'ESCALATED', 'APPROVED', 'DENIED', 'CLEARED'] as const;
export type HitState = (typeof HIT_STATES)[number];

/** Decisions that settle a hit: compliance reviewers only (the Sanction Review function). */
export const REVIEWER_DECISIONS: ReadonlySet<SanctionDecision> = new Set(['APPROVE', 'DENY', 'CLEAR']);

const NEXT_STATE: Record<SanctionDecision, { from: readonly HitState[]; to: HitState }> = {
  ESCALATE: { from: ['OPEN'], to: 'ESCALATED' },
  CANCEL_ESCALATION: { from: ['ESCALATED'], to: 'OPEN' },
  APPROVE: { from: ['OPEN', 'ESCALATED'], to: 'APPROVED' },
  DENY: { from: ['OPEN', 'ESCALATED'], to: 'DENIED' },
  CLEAR: { from: ['OPEN', 'ESCALATED'], to: 'CLEARED' },
};

export function isSanctionDecision(value: unknown): value is SanctionDecision {
  return typeof value === 'string' && (SANCTION_DECISIONS as readonly string[]).includes(value);
}

/** The state a decision leads to, or undefined when the hit's state does not allow it. */
export function nextHitState(state: HitState, decision: SanctionDecision): HitState | undefined {
  const rule = NEXT_STATE[decision];
  return rule.from.includes(state) ? rule.to : undefined;
}

/** Open hits keep a shipment from acceptance; a denied one blocks it. */
export function hitBlocksAcceptance(state: HitState): boolean {
  return state === 'OPEN' || state === 'ESCALATED';
}

/** How many of the hits keep the shipment from acceptance (the "open hits" the screens and answers show). */
export function openHitCount(hits: readonly { state: HitState }[]): number {
  return hits.filter((hit) => hitBlocksAcceptance(hit.state)).length;
}

export interface HitAction {
  decision: SanctionDecision | 'RESCREEN';
  state: HitState;
  by: string;
  companyId: string;
  at: string;
  remarks: string;
}

/** A sanction hit as a shipment keeps it: what screening found, where, and its review. */
export interface ReviewedSanctionHit extends SanctionHit {
  /** Stable across re-screening: the same party hitting the same entry is the same hit. */
  hitId: string;
  /** The house the screened text belongs to, if any. */
  hawb?: string;
  state: HitState;
  actions: HitAction[];
}

/** A short, stable id of a hit: role, house, entry and the text screened. */
export function hitIdOf(hit: Pick<SanctionHit, 'role' | 'kind' | 'entryId' | 'screenedText'> & { hawb?: string }): string {
  const key = [hit.role, hit.kind, hit.hawb ?? '', hit.entryId, hit.screenedText.trim().toUpperCase()].join('\u0000');
  let hash = 0x811c9dc5;
  let second = 0x01000193;
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index);
    hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
    second = Math.imul(second ^ code, 0x5bd1e995) >>> 0;
  }
  return `H${hash.toString(36).toUpperCase()}${second.toString(36).toUpperCase()}`;
}

/**
 * Re-screening keeps the review of hits found again; hits found for the first time are open, and
 * hits no longer found drop out (the list or the shipment changed).
 */
export function carryReviews(fresh: readonly (SanctionHit & { hawb?: string })[], previous: readonly ReviewedSanctionHit[]): ReviewedSanctionHit[] {
  const before = new Map(previous.map((hit) => [hit.hitId, hit]));
  return fresh.map((hit) => {
    const hitId = hitIdOf(hit);
    const kept = before.get(hitId);
    return { ...hit, hitId, state: kept?.state ?? 'OPEN', actions: kept?.actions ?? [] };
  });
}

/** Sanction remarks follow the accept remark rule (remarkProblem in remark.ts, required). */
export const SanctionReviewMessages = {
  noDecision: 'Choose at least one decision.',
  unknownHit: 'The sanction hit {hitId} is not on this shipment (any more): refresh the page.',
  notAllowed: 'The hit {hitId} is {state}: it cannot be {decision} now.',
  reviewerOnly: 'Only compliance reviewers (the Sanction Review function) can approve, deny or clear a hit.',
  twice: 'The hit {hitId} is decided twice in one request.',
} as const;
