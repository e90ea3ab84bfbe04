import { FunctionId } from '../src/domain/access';
import { isAlternatives, isOutcomeByField, SHIPMENT_FACTS, type EffectCondition, type EffectOutcome } from '../src/domain/compliance/ruleEffects';
import { isFieldFormatName } from '../src/domain/ruleFieldFormats';
import { checkRecord, normaliseFieldValue, valueProblem } from '../src/domain/ruleListValidation';
import { TOOLBAR_ACTIONS, type RuleListPlugin } from './types';

/**
 * The consistency of the plugin registry, checked once when the server starts (and by the tests):
 * a plugin that names a field it does not have, repeats a name or function id, or carries a pattern
 * that does not compile would otherwise fail only when a user reaches it.
 */

/** Keys every row carries besides its fields; no field may take them. */
export const ROW_META_KEYS = ['id', 'version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] as const;

/**
 * Names a plugin may not take: /classicapi/{name} would collide with another classic resource
 * (users, roles, user audit, address ranges, shipment log, the rule-list overview), and the admin
 * pages over the lists hold these route names.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'rulelists',
  'userlog',
  'adminlistimport',
  'adminlistcontrol',
  'users',
  'user',
  'roles',
  'useraudit',
  'ipranges',
  'onerecordclients',
  'shipmentlog',
  'outboundmessages',
  'rescreenruns',
  'sanctionsources',
]);

/**
 * The function ids rule lists take: 101 to 999, apart from the portal's own functions (81-87). The
 * lists of spec 2 hold 101-117; a new list takes `nextFreeFunctionId(ruleListPlugins)`, and lists
 * registered only in tests take ids from 900 up.
 */
export const RULE_LIST_FUNCTION_IDS = { first: 101, last: 999 } as const;

/** The lowest rule-list function id no plugin of the registry holds. */
export function nextFreeFunctionId(plugins: readonly Pick<RuleListPlugin, 'functionId'>[]): number {
  const taken = new Set(plugins.map((plugin) => plugin.functionId));
  for (let id = RULE_LIST_FUNCTION_IDS.first; id <= RULE_LIST_FUNCTION_IDS.last; id += 1) if (!taken.has(id)) return id;
  throw new Error(`Every rule-list function id from ${RULE_LIST_FUNCTION_IDS.first} to ${RULE_LIST_FUNCTION_IDS.last} is taken`);
}

const MATCH_KINDS: ReadonlySet<string> = new Set(['equal', 'prefix', 'sharedPrefix', 'wildcard', 'inList', 'range', 'atLeast']);
const OUTCOME_KINDS: ReadonlySet<string> = new Set([
  'hardBlock',
  'softBlock',
  'warning',
  'eyeball',
  'info',
  'addShc',
  'autoAccept',
  'manualAccept',
  'validationError',
]);
const REFERENCE = /\{(@?)([A-Za-z][A-Za-z0-9]*)\}/gu;
const SPECIAL_PLACEHOLDERS: ReadonlySet<string> = new Set(['added', 'because', 'row', 'list']);

function effectProblems(plugin: RuleListPlugin, sources: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const need = (where: string, source: string | undefined) => {
    if (source !== undefined && !sources.has(source)) problems.push(`${where} names unknown field ${source}`);
  };
  const template = (where: string, text: string | undefined) => {
    for (const [, at, name] of (text ?? '').matchAll(REFERENCE)) {
      if (at === '' && !sources.has(name)) problems.push(`${where} names unknown field ${name}`);
      if (at === '@' && !SPECIAL_PLACEHOLDERS.has(name) && !(name in SHIPMENT_FACTS)) problems.push(`${where} names unknown shipment fact ${name}`);
    }
  };
  const checkCondition = (where: string, condition: EffectCondition) => {
    if (!(condition.fact in SHIPMENT_FACTS)) problems.push(`${where}: unknown shipment fact ${String(condition.fact)}`);
    if (!MATCH_KINDS.has(condition.match)) problems.push(`${where}: unknown match ${String(condition.match)}`);
    need(`${where}: a condition`, condition.field);
    need(`${where}: a range condition`, condition.maxField);
    if (typeof condition.method === 'object') need(`${where}: a wildcard method`, condition.method.field);
    if (condition.match === 'range' && condition.maxField === undefined) problems.push(`${where}: a range condition needs maxField`);
  };
  const checkOutcome = (where: string, outcome: EffectOutcome, byField: boolean) => {
    if (!OUTCOME_KINDS.has(outcome.kind)) problems.push(`${where}: unknown outcome ${String(outcome.kind)}`);
    if (outcome.kind === 'addShc') {
      need(`${where}: addShc`, outcome.field);
      if (byField) problems.push(`${where}: addShc cannot be chosen by a row field`);
    }
    if (outcome.kind === 'softBlock') need(`${where}: reasonField`, outcome.reasonField);
    template(`${where}: message`, outcome.message);
    if (outcome.unless) {
      if (!(outcome.unless.fact in SHIPMENT_FACTS)) problems.push(`${where}: unless names unknown shipment fact ${String(outcome.unless.fact)}`);
      checkOutcome(`${where}: unless`, outcome.unless.outcome, byField);
    }
  };
  (plugin.effects ?? []).forEach((effect, index) => {
    const where = `effect ${index + 1}`;
    if (effect.when.length === 0) problems.push(`${where}: has no conditions (when)`);
    for (const test of effect.when) {
      if (!isAlternatives(test)) {
        checkCondition(where, test);
        continue;
      }
      if (test.anyOf.length === 0) problems.push(`${where}: anyOf has no alternatives`);
      for (const alternative of test.anyOf) {
        for (const condition of alternative.when) checkCondition(`${where}: an alternative`, condition);
        for (const field of Object.keys(alternative.onlyRows ?? {})) need(`${where}: an alternative's onlyRows`, field);
        template(`${where}: an alternative's says`, alternative.says);
      }
    }
    for (const field of Object.keys(effect.onlyRows ?? {})) need(`${where}: onlyRows`, field);
    need(`${where}: remarkField`, effect.remarkField);
    for (const field of Object.keys(effect.wording ?? {})) need(`${where}: wording`, field);
    for (const field of effect.mostSpecific ?? []) need(`${where}: mostSpecific`, field);
    if (effect.mostSpecific && effect.firstRowPer) problems.push(`${where}: mostSpecific and firstRowPer exclude each other`);
    if (effect.firstRowPer && !(effect.firstRowPer in SHIPMENT_FACTS))
      problems.push(`${where}: firstRowPer names unknown shipment fact ${String(effect.firstRowPer)}`);
    template(`${where}: rule`, effect.rule);
    if (effect.whenNone) {
      checkOutcome(`${where}: whenNone`, effect.whenNone.outcome, false);
      template(`${where}: whenNone rule`, effect.whenNone.rule);
      if (effect.whenNone.outcome.kind === 'addShc') problems.push(`${where}: whenNone cannot add handling codes`);
    }
    const { outcome } = effect;
    if (isOutcomeByField(outcome)) {
      need(`${where}: the outcome`, outcome.field);
      const choices = plugin.fields.find((field) => field.source === outcome.field)?.choices;
      for (const [value, chosen] of Object.entries(outcome.cases)) {
        if (choices && !choices.includes(value)) problems.push(`${where}: the outcome's case ${value} is not a choice of ${outcome.field}`);
        checkOutcome(`${where}: case ${value}`, chosen, true);
      }
      if (outcome.otherwise) checkOutcome(`${where}: otherwise`, outcome.otherwise, true);
    } else {
      checkOutcome(where, outcome, false);
      if (outcome.kind === 'addShc' && (effect.mostSpecific || effect.firstRowPer)) problems.push(`${where}: addShc adds the codes of every row that fires`);
    }
  });
  return problems;
}

const NAME = /^[a-z][a-z0-9]{1,49}$/;
const SOURCE = /^[a-z][A-Za-z0-9]{0,39}$/;

export function pluginProblems(plugin: RuleListPlugin): string[] {
  const problems: string[] = [];
  const at = (text: string) => problems.push(`${plugin.name}: ${text}`);
  if (!NAME.test(plugin.name)) at('name must be 2 to 50 lower-case letters or digits, starting with a letter');
  if (RESERVED_NAMES.has(plugin.name)) at(`name "${plugin.name}" is reserved`);
  if (!Number.isInteger(plugin.functionId) || plugin.functionId < RULE_LIST_FUNCTION_IDS.first || plugin.functionId > RULE_LIST_FUNCTION_IDS.last) {
    at(`functionId ${plugin.functionId} must be a whole number from ${RULE_LIST_FUNCTION_IDS.first} to ${RULE_LIST_FUNCTION_IDS.last} (rule lists' range)`);
  }
  if ((Object.values(FunctionId) as number[]).includes(plugin.functionId)) at(`functionId ${plugin.functionId} is a portal function's`);
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(plugin.route)) at('route must be one path segment of letters and digits');
  if (plugin.label.trim() === '') at('label is empty');
  if (plugin.fields.length === 0) at('has no fields');
  const sources = new Set<string>();
  for (const field of plugin.fields) {
    const where = `field ${field.source}`;
    if (!SOURCE.test(field.source)) at(`${where}: source must be camelCase letters and digits`);
    if ((ROW_META_KEYS as readonly string[]).includes(field.source)) at(`${where}: source is a row key`);
    if (sources.has(field.source)) at(`${where}: appears twice`);
    sources.add(field.source);
    if (field.label.trim() === '') at(`${where}: label is empty`);
    if (field.type === 'choice' && (!field.choices || field.choices.length === 0)) at(`${where}: a choice field needs choices`);
    if (field.type !== 'choice' && field.choices) at(`${where}: only choice fields have choices`);
    if (field.type === 'list' && !field.separator) at(`${where}: a list field needs a separator`);
    if (field.type === 'boolean' && (field.pattern !== undefined || field.format !== undefined || field.wildcards))
      at(`${where}: a boolean field has no pattern, format or wildcards`);
    if (field.type !== 'list' && (field.separator || field.maxItems !== undefined)) at(`${where}: only list fields have a separator and maxItems`);
    if (field.format !== undefined && !isFieldFormatName(field.format)) at(`${where}: unknown format ${String(field.format)}`);
    if (field.pattern !== undefined) {
      try {
        new RegExp(field.pattern, 'u');
      } catch {
        at(`${where}: pattern does not compile`);
      }
    }
    if (field.readOnly && field.defaultValue === undefined && field.required) at(`${where}: a required read-only field needs a default value`);
    if (field.defaultValue !== undefined) {
      const normalised = normaliseFieldValue(field, field.defaultValue);
      if ('problem' in normalised || valueProblem(field, normalised.value)) at(`${where}: default value ${String(field.defaultValue)} is not valid`);
    }
  }
  const needField = (what: string, source: string) => {
    if (!sources.has(source)) at(`${what} names unknown field ${source}`);
  };
  needField('defaultSort', plugin.defaultSort.field);
  if (plugin.uniqueKey.length === 0) at('uniqueKey is empty');
  for (const source of plugin.uniqueKey) needField('uniqueKey', source);
  for (const source of plugin.importColumns) needField('importColumns', source);
  for (const source of plugin.exportColumns) needField('exportColumns', source);
  for (const field of plugin.fields) {
    if (field.required && !field.readOnly && !plugin.importColumns.includes(field.source)) at(`required field ${field.source} is missing from importColumns`);
  }
  if (new Set(plugin.actions).size !== plugin.actions.length) at('actions repeat');
  for (const action of plugin.actions) if (!(TOOLBAR_ACTIONS as readonly string[]).includes(action)) at(`unknown action ${action}`);
  if (plugin.actions.includes('cancel') !== (plugin.cancel !== undefined)) at('the cancel action and the cancel setting go together');
  if (plugin.actions.includes('resend') !== (plugin.resend !== undefined)) at('the resend action and the resend setting go together');
  if (plugin.cancel) {
    const field = plugin.fields.find((candidate) => candidate.source === plugin.cancel?.field);
    if (!field) at(`cancel names unknown field ${plugin.cancel.field}`);
    else if (!field.choices?.includes(plugin.cancel.activeValue) || !field.choices.includes(plugin.cancel.cancelledValue))
      at('cancel values must be choices of its field');
  }
  if (plugin.resend) {
    const field = plugin.fields.find((candidate) => candidate.source === plugin.resend?.emailField);
    if (field?.format !== 'email') at('resend must name an e-mail field');
  }
  for (const problem of effectProblems(plugin, sources)) at(problem);
  if (plugin.demoRows !== undefined) {
    if (plugin.demoRows.length < 3) at('demoRows: give at least 3 (the seed and the authorization tests use them)');
    plugin.demoRows.forEach((row, index) => {
      const unknown = Object.keys(row).filter((source) => !sources.has(source));
      if (unknown.length > 0) at(`demo row ${index + 1} names unknown fields ${unknown.join(', ')}`);
      const input = { ...Object.fromEntries(plugin.fields.map((field) => [field.source, field.defaultValue ?? null])), ...row };
      const { problems: rowProblems } = checkRecord(plugin.fields, input);
      for (const [source, problem] of Object.entries(rowProblems)) at(`demo row ${index + 1}, field ${source}: ${problem.message}`);
    });
  }
  return problems;
}

/** Problems of the whole registry: each plugin's, and names, routes or function ids used twice (naming both plugins). */
export function registryProblems(plugins: readonly RuleListPlugin[]): string[] {
  const problems = plugins.flatMap(pluginProblems);
  const once = (what: string, keyOf: (plugin: RuleListPlugin) => string | number) => {
    const seen = new Map<string | number, string>();
    for (const plugin of plugins) {
      const value = keyOf(plugin);
      const first = seen.get(value);
      if (first !== undefined) {
        const free = what === 'functionId' ? ` (the next free function id is ${nextFreeFunctionId(plugins)})` : '';
        problems.push(`${what} ${value} is used by two plugins: ${first} and ${plugin.name}${free}`);
      } else seen.set(value, plugin.name);
    }
  };
  once('name', (plugin) => plugin.name);
  once('route', (plugin) => plugin.route);
  once('functionId', (plugin) => plugin.functionId);
  return problems;
}

export function assertValidRegistry(plugins: readonly RuleListPlugin[]): void {
  const problems = registryProblems(plugins);
  if (problems.length > 0) throw new Error(`Rule-list plugins are inconsistent:\n- ${problems.join('\n- ')}`);
}
