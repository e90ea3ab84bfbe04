import { describe, expect, it } from 'vitest';
import { ruleListPlugins } from '../../plugins';
import { assertValidRegistry, nextFreeFunctionId, pluginProblems, registryProblems, RESERVED_NAMES, RULE_LIST_FUNCTION_IDS } from '../../plugins/checkPlugins';
import restrictedCommodity from '../fixtures/plugins/restrictedCommodity';
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
  // Derived from the registry, not pinned to its lists: a new list needs no change here.
  it("is consistent: names, routes and function ids once each, in the rule lists' range, each found by its name and id", () => {
    expect(registryProblems(ruleListPlugins)).toEqual([]);
    expect(new Set(ruleListPlugins.map((plugin) => plugin.name)).size).toBe(ruleListPlugins.length);
    for (const plugin of ruleListPlugins) {
      expect(plugin.functionId, plugin.name).toBeGreaterThanOrEqual(RULE_LIST_FUNCTION_IDS.first);
      expect(plugin.functionId, plugin.name).toBeLessThanOrEqual(RULE_LIST_FUNCTION_IDS.last);
      expect(pluginByName(plugin.name)).toBe(plugin);
      expect(pluginByFunctionId(plugin.functionId)).toBe(plugin);
      expect(pluginPath(plugin)).toBe(plugin.functionIdInPath ? `${plugin.route}/${plugin.functionId}` : plugin.route);
    }
  });

  it('says which function id is free, and names both plugins of a collision', () => {
    const free = nextFreeFunctionId(ruleListPlugins);
    expect(ruleListPlugins.some((plugin) => plugin.functionId === free)).toBe(false);
    expect(free).toBeGreaterThanOrEqual(RULE_LIST_FUNCTION_IDS.first);
    expect(nextFreeFunctionId([{ functionId: 101 }, { functionId: 102 }, { functionId: 104 }])).toBe(103);
    const clash = definePlugin({ ...valid, name: 'clashing', route: 'clashing', functionId: ruleListPlugins[0].functionId });
    expect(registryProblems([...ruleListPlugins, clash])).toEqual([
      `functionId ${clash.functionId} is used by two plugins: ${ruleListPlugins[0].name} and clashing (the next free function id is ${free})`,
    ]);
    expect(() => assertValidRegistry([...ruleListPlugins, clash])).toThrow(`${ruleListPlugins[0].name} and clashing`);
    expect(pluginProblems({ ...valid, functionId: 83 })).toEqual([
      "containerlist: functionId 83 must be a whole number from 101 to 999 (rule lists' range)",
      "containerlist: functionId 83 is a portal function's",
    ]);
  });

  it('takes a test fixture plugin with a boolean field, effects and demo rows, and finds what such a plugin gets wrong', () => {
    expect(registryProblems([...ruleListPlugins, restrictedCommodity])).toEqual([]);
    const broken = definePlugin({
      ...restrictedCommodity,
      fields: [...restrictedCommodity.fields, { source: 'flag', label: 'Flag', type: 'boolean', pattern: '[A-Z]' }],
      effects: [
        { when: [{ fact: 'hsCode', field: 'nosuch', match: 'prefix' }], onlyRows: { gone: true }, outcome: { kind: 'addShc', field: 'codes' } },
        { when: [{ fact: 'weightKg', field: 'remark', match: 'range' }], outcome: { kind: 'softBlock', reasonField: 'why' } },
        { when: [], outcome: { kind: 'hardBlock' } },
      ],
      demoRows: [{ commodityCode: 'x1', destinationCountry: 'IR', active: 'maybe' }],
    });
    const problems = pluginProblems(broken).join('\n');
    for (const expected of [
      /field flag: a boolean field has no pattern, format or wildcards/,
      /effect 1: a condition names unknown field nosuch/,
      /effect 1: onlyRows names unknown field gone/,
      /effect 1: addShc names unknown field codes/,
      /effect 2: a range condition needs maxField/,
      /effect 2: reasonField names unknown field why/,
      /effect 3: has no conditions/,
      /demoRows: give at least 3/,
      /demo row 1, field commodityCode: \* Invalid Format/,
      /demo row 1, field active: \* Invalid Format/,
    ])
      expect(problems).toMatch(expected);
  });

  it('checks the outcomes a row field chooses, alternatives and explanation templates of an effect', () => {
    const broken = definePlugin({
      ...restrictedCommodity,
      effects: [
        {
          when: [{ anyOf: [{ when: [{ fact: 'originArea', field: 'nowhere', match: 'equal' }], onlyRows: { lost: 'x' }, says: '{@nosuchfact}' }] }],
          outcome: {
            field: 'active',
            cases: {
              Maybe: { kind: 'hardBlock', message: 'Row {nosuchfield}.' },
              Yes: { kind: 'addShc', field: 'remark' },
            },
            otherwise: { kind: 'eyeball', unless: { fact: 'licence', outcome: { kind: 'info', message: '{@licence} {@added}' } } },
          },
          rule: '{commodityCode} {missing}',
          wording: { absent: { A: 'a' } },
        },
        { when: [{ anyOf: [] }], outcome: { field: 'gone', cases: {} } },
        {
          when: [{ fact: 'hsCode', field: 'commodityCode', match: 'prefix' }],
          mostSpecific: ['nope'],
          firstRowPer: 'hsCode',
          outcome: { kind: 'addShc', field: 'remark' },
        },
        {
          when: [{ fact: 'date', field: 'commodityCode', match: 'atLeast' }],
          outcome: { kind: 'manualAccept' },
          whenNone: { outcome: { kind: 'addShc', field: 'remark' }, rule: '{@nowhere}' },
        },
      ],
    });
    const problems = pluginProblems(broken);
    expect(problems).toEqual([
      'restrictedcommodity: effect 1: an alternative: a condition names unknown field nowhere',
      "restrictedcommodity: effect 1: an alternative's onlyRows names unknown field lost",
      "restrictedcommodity: effect 1: an alternative's says names unknown shipment fact nosuchfact",
      'restrictedcommodity: effect 1: wording names unknown field absent',
      'restrictedcommodity: effect 1: rule names unknown field missing',
      'restrictedcommodity: effect 1: case Maybe: message names unknown field nosuchfield',
      'restrictedcommodity: effect 1: case Yes: addShc cannot be chosen by a row field',
      'restrictedcommodity: effect 2: anyOf has no alternatives',
      'restrictedcommodity: effect 2: the outcome names unknown field gone',
      'restrictedcommodity: effect 3: mostSpecific names unknown field nope',
      'restrictedcommodity: effect 3: mostSpecific and firstRowPer exclude each other',
      'restrictedcommodity: effect 3: addShc adds the codes of every row that fires',
      'restrictedcommodity: effect 4: whenNone rule names unknown shipment fact nowhere',
      'restrictedcommodity: effect 4: whenNone cannot add handling codes',
    ]);
    // The registry's own lists on the vocabulary pass the same checks.
    for (const plugin of ruleListPlugins.filter((one) => one.effects)) expect(pluginProblems(plugin), plugin.name).toEqual([]);
  });

  it('between them cover every admin grid field of spec 3 and every toolbar action of spec 2', () => {
    const formats = new Set(ruleListPlugins.flatMap((plugin) => plugin.fields.map((field) => (field.wildcards ? 'matchingValue' : field.format))));
    for (const format of ['carrierId', 'countryCode', 'airportCode', 'stationCode', 'shcCode', 'currencyCode', 'matchingValue', 'email'])
      expect(formats, format).toContain(format);
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
    ])
      expect(problems).toMatch(expected);
    expect(registryProblems([valid, { ...valid, name: 'other' }])).toEqual([
      'route containerlist is used by two plugins: containerlist and other',
      'functionId 901 is used by two plugins: containerlist and other (the next free function id is 101)',
    ]);
  });

  it('refuses a name another classic resource or an admin page over the lists holds', () => {
    for (const name of ['users', 'user', 'roles', 'useraudit', 'ipranges', 'shipmentlog', 'rulelists', 'userlog', 'adminlistimport', 'adminlistcontrol']) {
      expect(RESERVED_NAMES.has(name), name).toBe(true);
      expect(pluginProblems(definePlugin({ ...valid, name, route: name })), name).toEqual([`${name}: name "${name}" is reserved`]);
    }
    expect(pluginProblems(definePlugin({ ...valid, name: 'usersettings', route: 'usersettings' }))).toEqual([]);
  });
});
