import { describe, expect, it } from 'vitest';
import { ruleListPlugins } from '../../plugins';
import { pluginProblems, registryProblems, RESERVED_NAMES } from '../../plugins/checkPlugins';
import { definePlugin, TOOLBAR_ACTIONS, type RuleListPlugin } from '../../plugins/types';
import { pluginByFunctionId, pluginByName, pluginPath } from '../../plugins/lookup';

const valid: RuleListPlugin = definePlugin({
  name: 'containerlist',
  route: 'containerlist',
  functionId: 901,
  functionIdInPath: false,
  label: 'ULD Container List',
  fields: [
    { source: 'uldType', label: 'ULD Type', type: 'text', required: true, pattern: '[A-Z]{3}', uppercase: true },
    { source: 'carrierId', label: 'Carrier ID', type: 'text', format: 'carrierId' },
  ],
  defaultSort: { field: 'uldType', order: 'ASC' },
  uniqueKey: ['uldType'],
  actions: ['add', 'edit', 'delete'],
  importColumns: ['uldType', 'carrierId'],
  exportColumns: ['uldType', 'carrierId'],
  help: 'Containers.',
});

describe('the plugin registry', () => {
  it('holds the seventeen lists of spec 2 with their function ids 101-117, consistent', () => {
    expect(ruleListPlugins.map((plugin) => plugin.name)).toEqual([
      'sanctionlist', 'sanctionwhitelist', 'mipactionlist', 'descmap', 'regionlist', 'locationrules', 'autospecialhandlingcodelist', 'locationcodelist',
      'iataagentcodelist', 'acceptanceprivilege', 'harmonisedcommoditycodelist', 'acceptancecontrol', 'hscodechecklist', 'validationrules', 'countryrules',
      'altcurrencylist', 'forwardemaillist',
    ]);
    expect(ruleListPlugins.map((plugin) => plugin.functionId)).toEqual(Array.from({ length: 17 }, (_, index) => 101 + index));
    expect(ruleListPlugins.filter((plugin) => plugin.functionIdInPath).map((plugin) => plugin.name)).toEqual([
      'mipactionlist', 'descmap', 'regionlist', 'locationrules', 'acceptancecontrol', 'countryrules', 'forwardemaillist',
    ]);
    expect(registryProblems(ruleListPlugins)).toEqual([]);
    expect(pluginByName('countryrules')?.functionId).toBe(115);
    expect(pluginByFunctionId(101)?.name).toBe('sanctionlist');
    expect(pluginPath(pluginByName('countryrules')!)).toBe('countryrules/115');
  });

  it('between them cover every admin grid field of spec 3 and every toolbar action of spec 2', () => {
    const formats = new Set(ruleListPlugins.flatMap((plugin) => plugin.fields.map((field) => (field.wildcards ? 'matchingValue' : field.format))));
    for (const format of ['carrierId', 'countryCode', 'airportCode', 'stationCode', 'shcCode', 'currencyCode', 'matchingValue', 'email']) expect(formats, format).toContain(format);
    const sources = new Set(ruleListPlugins.flatMap((plugin) => plugin.fields.map((field) => field.source)));
    for (const source of ['matchingMethod', 'shcCodes', 'currencyCodes', 'acceptanceStations']) expect(sources, source).toContain(source);
    expect(new Set(ruleListPlugins.flatMap((plugin) => plugin.actions))).toEqual(new Set(TOOLBAR_ACTIONS));
  });

  it('finds what an inconsistent plugin gets wrong', () => {
    expect(pluginProblems(valid)).toEqual([]);
    const broken = definePlugin({
      ...valid,
      name: 'Bad-Name',
      fields: [
        ...valid.fields,
        { source: 'id', label: 'Id', type: 'text' },
        { source: 'kind', label: 'Kind', type: 'choice' },
        { source: 'codes', label: 'Codes', type: 'list' },
        { source: 'rx', label: 'Rx', type: 'text', pattern: '([' },
        { source: 'dflt', label: 'Default', type: 'choice', choices: ['A'], defaultValue: 'B' },
      ],
      defaultSort: { field: 'nosuch', order: 'ASC' },
      uniqueKey: [],
      actions: ['add', 'add', 'cancel'],
      importColumns: ['carrierId'],
    });
    const problems = pluginProblems(broken).join('\n');
    for (const expected of [
      /name must be/,
      /field id: source is a row key/,
      /field kind: a choice field needs choices/,
      /field codes: a list field needs a separator/,
      /field rx: pattern does not compile/,
      /field dflt: default value B is not valid/,
      /defaultSort names unknown field nosuch/,
      /uniqueKey is empty/,
      /required field uldType is missing from importColumns/,
      /actions repeat/,
      /the cancel action and the cancel setting go together/,
    ]) expect(problems).toMatch(expected);
    expect(registryProblems([valid, { ...valid, name: 'other' }])).toEqual(['route containerlist is used by two plugins', 'functionId 901 is used by two plugins']);
  });

  it('refuses a name another classic resource or an admin page over the lists holds', () => {
    for (const name of ['users', 'user', 'roles', 'useraudit', 'ipranges', 'shipmentlog', 'rulelists', 'userlog', 'adminlistimport', 'adminlistcontrol']) {
      expect(RESERVED_NAMES.has(name), name).toBe(true);
      expect(pluginProblems(definePlugin({ ...valid, name, route: name })), name).toEqual([`${name}: name "${name}" is reserved`]);
    }
    expect(pluginProblems(definePlugin({ ...valid, name: 'usersettings', route: 'usersettings' }))).toEqual([]);
  });
});
