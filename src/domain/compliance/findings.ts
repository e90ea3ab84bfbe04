import type { RuleListName } from './ruleRows';

/**
 * What a rule does to a shipment, and the explanation the engine gives for it: which row of which
 * list fired, and why. The sanction list speaks through the same shape.
 */

export type FindingEffect =
  /** Explanation only (a mapping made, a route explicitly accepted, a licence seen). */
  | 'info'
  /** Acceptance control allows automatic acceptance. */
  | 'autoAccept'
  /** Acceptance control asks for a person to accept. */
  | 'manualAccept'
  /** Something to look at; keeps the shipment from automatic acceptance. */
  | 'warning'
  /** A manual (eyeball) check must be recorded before acceptance. */
  | 'eyeball'
  /** Acceptance only with a remark. */
  | 'softBlock'
  /** Data errors: acceptance refused until a corrected FWB arrives; reject allowed. */
  | 'error'
  /** Acceptance forbidden; reject allowed. */
  | 'hardBlock';

/** A built-in list, the sanction list, or the name of a plugin that declares effects. */
export type FindingList = RuleListName | 'sanctionlist' | (string & {});

/** The MIP action list's categories: a blocking finding suggests the company's reject reasons of its category. */
export type MipCategory = 'Documentation' | 'Security' | 'Dangerous Goods' | 'Capacity' | 'Customs' | 'Other';

export interface Finding {
  list: FindingList;
  /** The row that fired; none when the finding is about the absence of one. */
  rowId?: string;
  /** A short name of the rule, e.g. 'KP Embargo (both ways)'. */
  rule: string;
  effect: FindingEffect;
  /** Why it fired, in words an operator understands. */
  message: string;
  category?: MipCategory;
}

/** Effects that keep a shipment from automatic acceptance. */
export const NOT_AUTOMATIC: ReadonlySet<FindingEffect> = new Set(['manualAccept', 'warning', 'eyeball', 'softBlock', 'error', 'hardBlock']);

/**
 * The findings that withhold the automatic acceptance acceptance control allows (a warning, an
 * eyeball check, a block, an error...); none when it did not allow it. Automatic acceptance is
 * allowed when there is an autoAccept finding and none withholds it.
 */
export function autoAcceptWithheldBy<T extends { effect: string }>(findings: readonly T[]): T[] {
  if (!findings.some((finding) => finding.effect === 'autoAccept')) return [];
  return findings.filter((finding) => NOT_AUTOMATIC.has(finding.effect as FindingEffect));
}

/** How strict an acceptance outcome is, for choosing between rows equally specific. */
export const STRICTNESS: Record<FindingEffect, number> = {
  info: 0,
  autoAccept: 1,
  manualAccept: 2,
  warning: 3,
  eyeball: 4,
  softBlock: 5,
  error: 6,
  hardBlock: 7,
};

/** The result a compliance check shows in the sanction and compliance tab. */
export function checkResult(effect: FindingEffect): 'PASS' | 'WARN' | 'FAIL' {
  if (effect === 'error' || effect === 'hardBlock') return 'FAIL';
  if (effect === 'warning' || effect === 'eyeball' || effect === 'softBlock') return 'WARN';
  return 'PASS';
}
