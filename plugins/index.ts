import type { RuleListPlugin } from './types';
import sanctionList from './sanctionList';
import sanctionWhitelist from './sanctionWhitelist';
import mipActionList from './mipActionList';
import descriptionMap from './descriptionMap';
import regionList from './regionList';
import locationRules from './locationRules';
import autoSpecialHandlingCodeList from './autoSpecialHandlingCodeList';
import locationCodeList from './locationCodeList';
import iataAgentCodeList from './iataAgentCodeList';
import acceptancePrivilege from './acceptancePrivilege';
import harmonisedCommodityCodeList from './harmonisedCommodityCodeList';
import acceptanceControl from './acceptanceControl';
import hsCodeCheckList from './hsCodeCheckList';
import validationRules from './validationRules';
import countryRules from './countryRules';
import altCurrencyList from './altCurrencyList';
import forwardEmailList from './forwardEmailList';

export type { RuleListPlugin, RuleField, ToolbarAction } from './types';

/** Every admin rule list of spec 2, in menu order. Adding a list is one file and one line here. */
export const ruleListPlugins: readonly RuleListPlugin[] = [
  sanctionList,
  sanctionWhitelist,
  mipActionList,
  descriptionMap,
  regionList,
  locationRules,
  autoSpecialHandlingCodeList,
  locationCodeList,
  iataAgentCodeList,
  acceptancePrivilege,
  harmonisedCommodityCodeList,
  acceptanceControl,
  hsCodeCheckList,
  validationRules,
  countryRules,
  altCurrencyList,
  forwardEmailList,
];
