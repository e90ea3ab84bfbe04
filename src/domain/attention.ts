import { HIT_AGE_BUCKETS, HIT_AGE_HOURS, type AttentionKind, type HitAgeBucket, type RowAttention } from './shipmentWire';
import { OPEN_STATUSES } from './shipmentStatus';
import { DEPARTING_SOON_HOURS } from './shipmentWire';

/**
 * What needs attention on a shipment (issue 18, items 5 and 6), as the summary's marks, its
 * Attention filter and the overview's counts all decide it (src/server/shipments/summary.ts says
 * the same in SQL). Only open shipments (still to be decided) need attention.
 */

export interface AttentionFacts {
  status: string;
  /** The states of its sanction hits (OPEN, ESCALATED, APPROVED, DENIED, CLEARED). */
  hitStates: readonly string[];
  acceptanceBlock: 'HARD' | 'SOFT' | null;
  /** The companies the block applies to; empty: everyone. */
  blockCompanies: readonly string[];
  std: Date | null;
}

const OPEN = new Set<string>(OPEN_STATUSES);

export function isOpenStatus(status: string): boolean {
  return OPEN.has(status);
}

const ROW_KINDS: readonly RowAttention[] = ['OpenHits', 'AwaitingReview', 'DeniedHit', 'HardBlock'];

/** Whether an open shipment needs this kind of attention from `companyId`: a hard block that does not apply to the viewer is not theirs. */
export function needsAttention(facts: AttentionFacts, kind: AttentionKind, companyId: string, now: Date): boolean {
  if (!OPEN.has(facts.status)) return false;
  switch (kind) {
    case 'OpenHits':
      return facts.hitStates.includes('OPEN');
    case 'AwaitingReview':
      return facts.hitStates.includes('ESCALATED');
    case 'DeniedHit':
      return facts.hitStates.includes('DENIED');
    case 'HardBlock':
      return blocksHard(facts, companyId);
    case 'DepartingSoon':
      return departsSoon(facts, now);
  }
  return false;
}

/** The marks of a row for `companyId`. */
export function rowAttention(facts: AttentionFacts, companyId: string): RowAttention[] {
  return ROW_KINDS.filter((kind) => needsAttention(facts, kind, companyId, new Date()));
}

export function blocksHard(facts: Pick<AttentionFacts, 'acceptanceBlock' | 'blockCompanies'>, companyId: string): boolean {
  return facts.acceptanceBlock === 'HARD' && (facts.blockCompanies.length === 0 || facts.blockCompanies.includes(companyId));
}

/** An open shipment whose flight leaves from now to DEPARTING_SOON_HOURS ahead. */
export function departsSoon(facts: Pick<AttentionFacts, 'status' | 'std'>, now: Date): boolean {
  if (!OPEN.has(facts.status) || facts.std === null) return false;
  const ahead = facts.std.getTime() - now.getTime();
  return ahead >= 0 && ahead < DEPARTING_SOON_HOURS * 3_600_000;
}

/** The states of a stored hits array (the shipments row's sanction_hits). */
export function hitStatesOf(hits: unknown): string[] {
  if (!Array.isArray(hits)) return [];
  return hits.map((hit) => (hit && typeof hit === 'object' ? String((hit as { state?: unknown }).state ?? '') : '')).filter(Boolean);
}

/** How long a shipment's open hits have waited, by its message's time: the overview's bucket (summary.ts's hitAgeSql says the same in SQL). */
export function hitAgeBucketOf(messageDate: Date, now: Date): HitAgeBucket {
  const hours = (now.getTime() - messageDate.getTime()) / 3_600_000;
  return (
    HIT_AGE_BUCKETS.find((bucket) => {
      const [from, to] = HIT_AGE_HOURS[bucket];
      return hours >= from && (to === null || hours < to);
    }) ?? 'under1h'
  ); // a message time ahead of the clock: just came
}
