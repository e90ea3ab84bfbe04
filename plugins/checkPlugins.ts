import { isFieldFormatName } from '../src/domain/ruleFieldFormats';
import { normaliseFieldValue, valueProblem } from '../src/domain/ruleListValidation';
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
  'shipmentlog',
  'outboundmessages',
  'rescreenruns',
]);

const NAME = /^[a-z][a-z0-9]{1,49}$/;
const SOURCE = /^[a-z][A-Za-z0-9]{0,39}$/;

export function pluginProblems(plugin: RuleListPlugin): string[] {
  const problems: string[] = [];
  const at = (text: string) => problems.push(`${plugin.name}: ${text}`);
  if (!NAME.test(plugin.name)) at('name must be 2 to 50 lower-case letters or digits, starting with a letter');
  if (RESERVED_NAMES.has(plugin.name)) at(`name "${plugin.name}" is reserved`);
  if (!Number.isInteger(plugin.functionId) || plugin.functionId <= 0) at('functionId must be a positive integer');
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
    else if (!field.choices?.includes(plugin.cancel.activeValue) || !field.choices.includes(plugin.cancel.cancelledValue)) at('cancel values must be choices of its field');
  }
  if (plugin.resend) {
    const field = plugin.fields.find((candidate) => candidate.source === plugin.resend?.emailField);
    if (field?.format !== 'email') at('resend must name an e-mail field');
  }
  return problems;
}

/** Problems of the whole registry: each plugin's, and names, routes or function ids used twice. */
export function registryProblems(plugins: readonly RuleListPlugin[]): string[] {
  const problems = plugins.flatMap(pluginProblems);
  const once = (what: string, values: readonly (string | number)[]) => {
    const seen = new Set<string | number>();
    for (const value of values) {
      if (seen.has(value)) problems.push(`${what} ${value} is used by two plugins`);
      seen.add(value);
    }
  };
  once('name', plugins.map((plugin) => plugin.name));
  once('route', plugins.map((plugin) => plugin.route));
  once('functionId', plugins.map((plugin) => plugin.functionId));
  return problems;
}

export function assertValidRegistry(plugins: readonly RuleListPlugin[]): void {
  const problems = registryProblems(plugins);
  if (problems.length > 0) throw new Error(`Rule-list plugins are inconsistent:\n- ${problems.join('\n- ')}`);
}
