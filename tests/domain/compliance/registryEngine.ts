import { ruleListPlugins } from '../../../plugins';
import {
  effectListsOf,
  evaluateShipment,
  type EffectList,
  type Evaluation,
  type RuleLists,
  type ScreenedHit,
  type ShipmentFacts,
} from '../../../src/domain/compliance';

/**
 * The engine as the server runs it (carrierRules): every registry plugin that declares effects, with
 * its rows in `lists`, then the lists a test serves besides (a fixture plugin, a list of its own).
 */
export function evaluate(facts: ShipmentFacts, lists: RuleLists, sanctionHits: readonly ScreenedHit[] = [], served: readonly EffectList[] = []): Evaluation {
  return evaluateShipment(facts, lists, sanctionHits, [...effectListsOf(ruleListPlugins, lists), ...served]);
}
