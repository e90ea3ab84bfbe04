import type { HitState } from '../sanctionReview';
import type { AcceptanceBlock } from '../shipmentStatus';
import { MAX_SPECIAL_HANDLING_CODES } from '../specialHandling';
import { ruleEffectSteps, type EffectList } from './effectRules';
import { privilegeSteps } from './acceptanceRules';
import { agentFindings } from './agentRules';
import type { ShipmentFacts } from './facts';
import { autoAcceptWithheldBy, NOT_AUTOMATIC, type Finding, type MipCategory } from './findings';
import { currencyFindings, geographyOf } from './geography';
import { goodsSteps } from './goodsRules';
import { textOf, type RuleLists, type RuleRow } from './ruleRows';
import { validationSteps } from './validationRules';
import { ROWS_PER_PAUSE, runToEnd } from '../steps';

/**
 * The rules engine: evaluates a shipment against a carrier's rule lists (and the open hits of its
 * sanction screening) and says what follows: its status, its acceptance block, whether it may be
 * accepted automatically, the handling codes added, the reject reasons to suggest, and every
 * finding with the row that fired and why.
 */

export type EvaluatedStatus = 'New' | 'Error' | 'Eyeball';

/** A sanction hit on the shipment as the engine weighs it: by its review state. */
export interface ScreenedHit {
  /** Who or what was hit, e.g. 'Shipper', and the listed name. */
  role: string;
  matchedPhrase: string;
  entryId: string;
  listName: string;
  state: HitState;
}

export interface Evaluation {
  status: EvaluatedStatus;
  findings: Finding[];
  /** The strongest block: hard over soft; the first of its kind gives the reason. */
  block: AcceptanceBlock | null;
  /** Nothing blocks or asks for a person, and acceptance control allows it. */
  autoAccept: boolean;
  specialHandlingCodes: string[];
  addedSpecialHandlingCodes: string[];
  hsCodes: string[];
  mappedDescriptions: string[];
  originCountry?: string;
  destinationCountry?: string;
  /** MIP action codes (reject reasons) that fit the blocking findings, in the list's order. */
  suggestedRejectReasons: string[];
}

/**
 * The reject reasons of each set of categories a list was asked for, by the list's rows (read-only: a changed list is
 * another array). A re-screen asks the same few sets for every shipment: a list of 50,000 rows was filtered and sorted
 * anew for each one, 40-80 ms at a time (CPU profile of the limits bench); now once per set, pausing as it reads.
 */
const reasonsOfList = new WeakMap<readonly RuleRow[], Map<string, readonly string[]>>();

/** The MIP action codes (reject reasons) of the blocking findings' categories, in the list's order (sortOrder, then as listed). */
function* suggestedReasonSteps(lists: RuleLists, findings: readonly Finding[]): Generator<void, string[]> {
  const categories = new Set<MipCategory>(
    findings
      .filter((finding) => finding.category && NOT_AUTOMATIC.has(finding.effect) && finding.effect !== 'manualAccept')
      .map((finding) => finding.category as MipCategory),
  );
  if (categories.size === 0) return [];
  const rows = lists.mipactionlist ?? [];
  let known = reasonsOfList.get(rows);
  if (!known) {
    known = new Map();
    reasonsOfList.set(rows, known);
  }
  const key = [...categories].sort().join('|');
  let reasons = known.get(key);
  if (!reasons) {
    const fitting: { order: number; code: string }[] = [];
    for (const [at, row] of rows.entries()) {
      if (at % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
      const code = textOf(row.values.actionCode);
      if (code !== undefined && categories.has(textOf(row.values.category) as MipCategory)) fitting.push({ order: Number(row.values.sortOrder ?? 999), code });
    }
    reasons = fitting.sort((a, b) => a.order - b.order).map((reason) => reason.code);
    known.set(key, reasons);
  }
  return [...reasons];
}

function sanctionFinding(hit: ScreenedHit): Finding {
  const base = { list: 'sanctionlist' as const, rule: `${hit.listName} ${hit.entryId}`, category: 'Security' as const };
  const who = `The ${hit.role.toLowerCase()} matches the listed name '${hit.matchedPhrase}'`;
  switch (hit.state) {
    case 'DENIED':
      return { ...base, effect: 'hardBlock', message: `${who}, and the hit was denied: the shipment cannot be accepted.` };
    case 'APPROVED':
    case 'CLEARED':
      return { ...base, effect: 'info', message: `${who}; the hit was ${hit.state.toLowerCase()} by a compliance reviewer.` };
    default:
      return {
        ...base,
        effect: 'eyeball',
        message: `${who}: the hit must be decided before acceptance${hit.state === 'ESCALATED' ? ' (escalated to compliance)' : ''}.`,
      };
  }
}

function blockOf(findings: readonly Finding[]): AcceptanceBlock | null {
  for (const kind of ['hardBlock', 'softBlock'] as const) {
    const blocking = findings.filter((finding) => finding.effect === kind);
    if (blocking.length > 0)
      return { kind: kind === 'hardBlock' ? 'HARD' : 'SOFT', reason: blocking.map((finding) => finding.message).join(' '), companies: [] };
  }
  return null;
}

/** At most 9 handling codes can be sent on (spec 5): more, after those the lists add, is a warning. */
function tooManyCodes(codes: readonly string[]): Finding[] {
  if (codes.length <= MAX_SPECIAL_HANDLING_CODES) return [];
  return [
    {
      list: 'autospecialhandlingcodelist',
      rule: 'Handling codes',
      effect: 'warning',
      message: `The shipment has ${codes.length} handling codes (${codes.join('/')}); at most ${MAX_SPECIAL_HANDLING_CODES} can be sent on.`,
      category: 'Documentation',
    },
  ];
}

/**
 * The lists whose plugins declare effects are evaluated generically (effectRules.ts) after the
 * Description Map, their added handling codes seen by every later rule. The caller gives them with
 * their rows (carrierRules keeps a carrier's; effectListsOf builds them from plugins and lists):
 * which lists declare effects is the registry's business (plugins/), not the engine's.
 */
export function evaluateShipment(facts: ShipmentFacts, lists: RuleLists, sanctionHits: readonly ScreenedHit[], effectLists: readonly EffectList[]): Evaluation {
  return runToEnd(evaluationSteps(facts, lists, sanctionHits, effectLists));
}

/**
 * The evaluation, pausing (yielding) every few hundred rows of the lists that try every row against
 * the shipment (Description Map, Validation Rules, Acceptance Privilege at its station): the server
 * runs it in slices (assessment.ts), a list of 50,000 rows having held the thread 100-450 ms a shipment.
 */
export function* evaluationSteps(
  facts: ShipmentFacts,
  lists: RuleLists,
  sanctionHits: readonly ScreenedHit[],
  effectLists: readonly EffectList[],
): Generator<void, Evaluation> {
  const findings: Finding[] = [];
  const goods = yield* goodsSteps(facts, lists);
  findings.push(...goods.findings);
  const geography = geographyOf(facts, lists, findings);
  const effects = yield* ruleEffectSteps(effectLists, facts, geography, goods.specialHandlingCodes, goods.hsCodes);
  const codes = effects.specialHandlingCodes;
  findings.push(...tooManyCodes(codes), ...effects.findings);
  yield;
  findings.push(...(yield* validationSteps(facts, lists, goods.hsCodes)), ...agentFindings(facts, lists), ...currencyFindings(facts, lists, geography));
  findings.push(...(yield* privilegeSteps(facts, lists, codes)));
  for (const hit of sanctionHits) findings.push(sanctionFinding(hit));
  const has = (effect: Finding['effect']) => findings.some((finding) => finding.effect === effect);
  const status: EvaluatedStatus = has('error') ? 'Error' : has('eyeball') ? 'Eyeball' : 'New';
  const autoAccept = has('autoAccept') && autoAcceptWithheldBy(findings).length === 0;
  const suggestedRejectReasons = yield* suggestedReasonSteps(lists, findings);
  return {
    status,
    findings,
    block: blockOf(findings),
    autoAccept,
    specialHandlingCodes: codes,
    addedSpecialHandlingCodes: [...goods.added, ...effects.added],
    hsCodes: goods.hsCodes,
    mappedDescriptions: goods.mappedDescriptions,
    ...(geography.originCountry ? { originCountry: geography.originCountry } : {}),
    ...(geography.destinationCountry ? { destinationCountry: geography.destinationCountry } : {}),
    suggestedRejectReasons,
  };
}
