import { isMatchingMethod } from '../wildcard';
import { privilegeIndexSteps } from './acceptanceRules';
import { prepareEffectRow, type EffectList } from './effectRules';
import { placesPreparation } from './geography';
import { rowMatcher, type RuleLists, type RuleRow } from './ruleRows';

/**
 * What the engine derives from a carrier's lists, built ahead of the first shipment it evaluates:
 * the places of the Location Code and Region Lists, every row's compared values and compiled
 * matching values, and the Acceptance Privilege rows by station. Without it each is built when a shipment first needs it, which is right for one
 * evaluation but, with lists of 50,000 rows, holds the thread for the better part of a second. A
 * preparation is a generator that pauses (yields) every few hundred rows, so the server runs it in
 * slices between other work (server/compliance/carrierRules.ts); what it builds is kept with the
 * rows, for as long as that version of the lists is in use.
 */

/** Rows between two pauses: compiling a matching value can take a millisecond. */
const ROWS_PER_STEP = 20;

/** Lists whose rows' matching values the engine matches outside the declared effects (goodsRules, validationRules), under the row's method or Default. */
const MATCHING_VALUE_LISTS = ['descmap', 'validationrules'] as const;

function* eachRow(rows: readonly RuleRow[], prepare: (row: RuleRow) => void): Generator<void> {
  for (let at = 0; at < rows.length; at++) {
    prepare(rows[at]);
    if (at % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
}

export function* listsPreparation(lists: RuleLists, effectLists: readonly EffectList[]): Generator<void> {
  yield* placesPreparation(lists);
  for (const name of MATCHING_VALUE_LISTS) {
    yield* eachRow(lists[name] ?? [], (row) => {
      const method = row.values.matchingMethod;
      rowMatcher(row, 'matchingValue', isMatchingMethod(method) ? method : 'Default');
    });
  }
  for (const list of effectLists) yield* eachRow(list.rows, (row) => prepareEffectRow(list.effects, row));
  yield* privilegeIndexSteps(lists.acceptanceprivilege ?? []);
}
