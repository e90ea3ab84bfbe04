import type { RiskLevel, SanctionListEntry } from './screening/sanctionList';
import type { MatchingMethod } from './wildcard';

/**
 * What a sanction risk label means, the same on every list that shows one: the hits kept on a
 * shipment (its Sanction & Compliance tab) and the Sanction Check page.
 * - A match starts from its list entry's level: the entry's own when it has one, otherwise High
 *   for an official list (SDN, UN, EU, UK ...) and Medium for the company's own entries (INTERNAL).
 * - A fuzzy (Default) name match scoring below HIGH_CONFIDENCE_SCORE is one level lower.
 * - A name scoring below the threshold is not a match: it is listed for review and has no label;
 *   a match a whitelist row clears is shown as whitelisted, not with a label.
 */

export type { RiskLevel };
export const RISK_LEVELS: readonly RiskLevel[] = ['High', 'Medium', 'Low'];
/** Fuzzy matches scoring below this are one risk level lower than their entry. */
export const HIGH_CONFIDENCE_SCORE = 0.97;

/** Below the threshold, names down to this score are listed for review on the Sanction Check page. */
export const REVIEW_FLOOR = 0.8;

const LOWER: Record<RiskLevel, RiskLevel> = { High: 'Medium', Medium: 'Low', Low: 'Low' };

/** The level a list entry's matches start from. */
export function entryRiskLevel(entry: Pick<SanctionListEntry, 'listName' | 'riskLevel'>): RiskLevel {
  return entry.riskLevel ?? (entry.listName === 'INTERNAL' ? 'Medium' : 'High');
}

/** The risk label of a match of `entry` found by `method` with `score`. */
export function sanctionRiskLevel(entry: Pick<SanctionListEntry, 'listName' | 'riskLevel'>, match: { method: MatchingMethod; score: number }): RiskLevel {
  const base = entryRiskLevel(entry);
  return match.method === 'Default' && match.score < HIGH_CONFIDENCE_SCORE ? LOWER[base] : base;
}

/** A risk level however a list spells it (High, HIGH, high); undefined for anything else. */
export function readRiskLevel(value: unknown): RiskLevel | undefined {
  if (typeof value !== 'string') return undefined;
  const folded = value.trim().toLowerCase();
  return RISK_LEVELS.find((level) => level.toLowerCase() === folded);
}
