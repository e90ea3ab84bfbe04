import { definePlugin, type RuleListPlugin } from './types';

export type { RuleListPlugin } from './types';

/** Every admin rule list of spec 2, in menu order. Adding a list is one entry here. */
export const ruleListPlugins: readonly RuleListPlugin[] = [
  definePlugin({ name: 'sanctionlist', route: 'sanctionlist', functionId: 101, functionIdInPath: false, label: 'Sanction List' }),
  definePlugin({ name: 'sanctionwhitelist', route: 'sanctionwhitelist', functionId: 102, functionIdInPath: false, label: 'Sanction Whitelist' }),
  definePlugin({ name: 'mipactionlist', route: 'mipactionlist', functionId: 103, functionIdInPath: true, label: 'MIP Action List' }),
  definePlugin({ name: 'descmap', route: 'descmap', functionId: 104, functionIdInPath: true, label: 'Description Map' }),
  definePlugin({ name: 'regionlist', route: 'regionlist', functionId: 105, functionIdInPath: true, label: 'Region List' }),
  definePlugin({ name: 'locationrules', route: 'locationrules', functionId: 106, functionIdInPath: true, label: 'Location Rules' }),
  definePlugin({ name: 'autospecialhandlingcodelist', route: 'autospecialhandlingcodelist', functionId: 107, functionIdInPath: false, label: 'Auto Special Handling Code List' }),
  definePlugin({ name: 'locationcodelist', route: 'locationcodelist', functionId: 108, functionIdInPath: false, label: 'Location Code List' }),
  definePlugin({ name: 'iataagentcodelist', route: 'iataagentcodelist', functionId: 109, functionIdInPath: false, label: 'IATA Agent Code List' }),
  definePlugin({ name: 'acceptanceprivilege', route: 'acceptanceprivilege', functionId: 110, functionIdInPath: false, label: 'Acceptance Privilege' }),
  definePlugin({ name: 'harmonisedcommoditycodelist', route: 'harmonisedcommoditycodelist', functionId: 111, functionIdInPath: false, label: 'Harmonised Commodity Code List' }),
  definePlugin({ name: 'acceptancecontrol', route: 'acceptancecontrol', functionId: 112, functionIdInPath: true, label: 'Acceptance Control' }),
  definePlugin({ name: 'hscodechecklist', route: 'hscodechecklist', functionId: 113, functionIdInPath: false, label: 'HS Code Check List' }),
  definePlugin({ name: 'validationrules', route: 'validationrules', functionId: 114, functionIdInPath: false, label: 'Validation Rules' }),
  definePlugin({ name: 'countryrules', route: 'countryrules', functionId: 115, functionIdInPath: true, label: 'Country Rules' }),
  definePlugin({ name: 'altcurrencylist', route: 'altcurrencylist', functionId: 116, functionIdInPath: false, label: 'Alternative Currency List' }),
  definePlugin({ name: 'forwardemaillist', route: 'forwardemaillist', functionId: 117, functionIdInPath: true, label: 'Forward E-mail List' }),
];
