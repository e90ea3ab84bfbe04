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

/**
 * A shipment is on sanction hold while a hit keeps it from acceptance (hitBlocksAcceptance). What a change of its
 * hits does to the hold: puts it on hold (its first such hit, with how many there are now), releases it (none is
 * left: settled, or no longer found), or nothing.
 */
export function sanctionHoldChange(
  before: readonly { state: HitState }[],
  after: readonly { state: HitState }[],
): { kind: 'HOLD'; open: number } | { kind: 'RELEASE' } | undefined {
  const [held, open] = [openHitCount(before) > 0, openHitCount(after)];
  if (!held && open > 0) return { kind: 'HOLD', open };
  if (held && open === 0) return { kind: 'RELEASE' };
  return undefined;
}

export interface HitAction {
  /** WHITELIST: a whitelist row cleared the hit on re-screening; RESCREEN: re-screening changed its state (a clearance lapsed). */
  decision: SanctionDecision | 'RESCREEN' | 'WHITELIST';
  state: HitState;
  by: string;
  companyId: string;
  at: string;
  remarks: string;
  /** The Sanction Whitelist row that cleared the hit (decision WHITELIST). */
  whitelistRowId?: string;
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

/** A hit the whitelist clears on this screening: the row that clears it and who wrote that row. */
export interface WhitelistClearance {
  hit: SanctionHit & { hawb?: string };
  rowId: string;
  /** Who added or last changed the whitelist row. */
  by: string;
  reason?: string;
}

/** When and for which company a screening runs, for the actions it records itself. */
export interface ScreeningMoment {
  at: string;
  companyId: string;
}

const isWhitelistClearance = (action: HitAction | undefined): action is HitAction => action?.decision === 'WHITELIST';

/**
 * Re-screening keeps the review of hits found again; hits found for the first time are open, and
 * hits no longer found drop out (the list or the shipment changed). Whitelisting never erases a
 * hit the shipment had (issue 18): it stays, cleared by the whitelist row that clears it (an action
 * naming the row and its author), unless a reviewer had decided it already; and a hit found again
 * once no row clears it any more is open again, saying so.
 */
export function carryReviews(
  fresh: readonly (SanctionHit & { hawb?: string })[],
  previous: readonly ReviewedSanctionHit[],
  cleared: readonly WhitelistClearance[] = [],
  moment: ScreeningMoment = { at: '', companyId: '' },
): ReviewedSanctionHit[] {
  const before = new Map(previous.map((hit) => [hit.hitId, hit]));
  const found = fresh.map((hit): ReviewedSanctionHit => {
    const hitId = hitIdOf(hit);
    const kept = before.get(hitId);
    const last = kept?.actions.at(-1);
    if (kept && isWhitelistClearance(last)) {
      const reopened: HitAction = {
        decision: 'RESCREEN',
        state: 'OPEN',
        by: 'system',
        companyId: moment.companyId,
        at: moment.at,
        remarks: `Whitelist row ${last.whitelistRowId ?? '?'} no longer clears this name.`,
      };
      return { ...hit, hitId, state: 'OPEN', actions: [...kept.actions, reopened] };
    }
    return { ...hit, hitId, state: kept?.state ?? 'OPEN', actions: kept?.actions ?? [] };
  });
  const kept = cleared.flatMap(({ hit, rowId, by, reason }): ReviewedSanctionHit[] => {
    const hitId = hitIdOf(hit);
    const earlier = before.get(hitId);
    // A name whitelisted before the shipment ever had the hit: nothing to keep.
    if (!earlier) return [];
    const last = earlier.actions.at(-1);
    const stillOpen = hitBlocksAcceptance(earlier.state);
    if (!stillOpen || (isWhitelistClearance(last) && last.whitelistRowId === rowId)) return [{ ...hit, hitId, state: earlier.state, actions: earlier.actions }];
    const clearance: HitAction = {
      decision: 'WHITELIST',
      state: 'CLEARED',
      by,
      companyId: moment.companyId,
      at: moment.at,
      remarks: `Cleared by whitelist row ${rowId}${reason ? `: ${reason}` : ''}`,
      whitelistRowId: rowId,
    };
    return [{ ...hit, hitId, state: 'CLEARED', actions: [...earlier.actions, clearance] }];
  });
  return [...found, ...kept];
}

/** What screening itself did to the hits (a whitelist clearance, a clearance lapsed): the actions it appended, for the shipment's history. */
export function screeningActions(
  before: readonly ReviewedSanctionHit[],
  after: readonly ReviewedSanctionHit[],
): { hit: ReviewedSanctionHit; action: HitAction }[] {
  const earlier = new Map(before.map((hit) => [hit.hitId, hit.actions.length]));
  return after.flatMap((hit) =>
    hit.actions
      .slice(earlier.get(hit.hitId) ?? 0)
      .filter((action) => action.decision === 'WHITELIST' || action.decision === 'RESCREEN')
      .map((action) => ({ hit, action })),
  );
}

/**
 * The hits a screening no longer finds (issue 34, 5: the listed entry was removed from its list, or
 * changed so that it no longer matches): they leave the shipment, and its history says so.
 */
export function hitsNoLongerFound(before: readonly ReviewedSanctionHit[], after: readonly ReviewedSanctionHit[]): ReviewedSanctionHit[] {
  const found = new Set(after.map((hit) => hit.hitId));
  return before.filter((hit) => !found.has(hit.hitId));
}

/** Sanction remarks follow the accept remark rule (remarkProblem in remark.ts, required). */
export const SanctionReviewMessages = {
  noDecision: 'Choose at least one decision.',
  unknownHit: 'The sanction hit {hitId} is not on this shipment (any more): refresh the page.',
  notAllowed: 'The hit {hitId} is {state}: it cannot be {decision} now.',
  reviewerOnly: 'Only compliance reviewers (the Sanction Review function) can approve, deny or clear a hit.',
  twice: 'The hit {hitId} is decided twice in one request.',
} as const;
