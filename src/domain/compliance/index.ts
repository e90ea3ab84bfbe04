export {
  factsFromWaybill,
  goodsDescriptionsOf,
  isLicenceEntry,
  LICENCE_IDENTIFIER,
  type ShipmentFacts,
  type PartyFacts,
  type HouseFacts,
  type PartyRole,
} from './facts';
export { checkResult, NOT_AUTOMATIC, type Finding, type FindingEffect, type FindingList, type MipCategory } from './findings';
export { RULE_LIST_NAMES, DECIDING_LISTS, listDecides, isRuleListName, type RuleRow, type RuleLists, type RuleListName } from './ruleRows';
export { acceptancePrivilege, type PrivilegeVerdict } from './acceptanceRules';
export { DANGEROUS_GOODS_CODES } from '../specialHandling';
export { locationCountry } from './geography';
export { evaluateShipment, evaluationSteps, type Evaluation, type EvaluatedStatus, type ScreenedHit } from './evaluate';
export { listsPreparation } from './preparedLists';
export { effectListsOf, ruleEffectSteps, type EffectDeclaration, type EffectList, type EffectOutcomes } from './effectRules';
export {
  SHIPMENT_FACTS,
  type ShipmentFact,
  type MatchKind,
  type EffectCondition,
  type EffectAlternative,
  type EffectAlternatives,
  type EffectTest,
  type EffectOutcome,
  type OutcomeByField,
  type RowFilter,
  type EffectOutcomeKind,
  type RuleEffect,
} from './ruleEffects';
