import { compileMatchingValue, isMatchingMethod, isValidMatchingValue, type Matcher, type MatchingMethod } from '../wildcard';

/**
 * The rows of the admin rule lists as the rules engine reads them: a row's id (for the
 * explanation) and its stored values, keyed by the plugins' field sources (plugins/*.ts). List
 * fields are stored joined by their separator ('ELI/DGR', 'HKG;SIN').
 */

export type RowValue = string | number | boolean | null | undefined;

export interface RuleRow {
  /** The row's id in its list, named in the explanation of what fired. */
  id: string;
  values: Readonly<Record<string, RowValue>>;
}

/** The lists the engine reads, by plugin name. */
export const RULE_LIST_NAMES = [
  'countryrules',
  'regionlist',
  'locationrules',
  'locationcodelist',
  'acceptancecontrol',
  'acceptanceprivilege',
  'validationrules',
  'hscodechecklist',
  'harmonisedcommoditycodelist',
  'autospecialhandlingcodelist',
  'descmap',
  'mipactionlist',
  'iataagentcodelist',
  'altcurrencylist',
] as const;
export type RuleListName = (typeof RULE_LIST_NAMES)[number];

export type RuleLists = Partial<Record<RuleListName, readonly RuleRow[]>>;

/** The lists the engine and screening read for a carrier, so the lists whose change re-screens open shipments (all but the e-mail forwarding list). */
export const DECIDING_LISTS: readonly string[] = [...RULE_LIST_NAMES, 'sanctionlist', 'sanctionwhitelist'];

export function listDecides(name: string): boolean {
  return DECIDING_LISTS.includes(name);
}

export function isRuleListName(name: string): name is RuleListName {
  return (RULE_LIST_NAMES as readonly string[]).includes(name);
}

/** A value as trimmed text; undefined when empty. */
export function textOf(value: RowValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** The items of a list value, upper-cased ('eli/DGR' -> ['ELI', 'DGR']). */
export function itemsOf(value: RowValue, separator: '/' | ';' | ','): string[] {
  return (textOf(value) ?? '')
    .split(separator)
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean);
}

/** Whether a row's carrier applies: an empty carrier means every carrier. */
export function carrierApplies(row: RuleRow, carrierId: string): boolean {
  const carrier = textOf(row.values.carrierId);
  return carrier === undefined || carrier.toUpperCase() === carrierId.toUpperCase();
}

/** Whether a row's special handling codes apply: none means every shipment; else one of them is on it. */
export function shcApplies(row: RuleRow, codes: readonly string[]): boolean {
  const listed = itemsOf(row.values.shcCodes, '/');
  return listed.length === 0 || listed.some((code) => codes.includes(code));
}

/** How specific a row is: each of these fields given makes it more so. */
export function specificity(row: RuleRow, fields: readonly string[]): number {
  return fields.filter((field) => textOf(row.values[field]) !== undefined).length;
}

const compiled = new Map<string, Matcher | null>();

/**
 * Whether a text matches a row's matching value under its method (spec 5 wildcards). Expressions
 * are compiled once per value and method; an invalid value matches nothing.
 */
export function rowMatches(text: string, value: RowValue, method: RowValue, fallback: MatchingMethod = 'Default'): boolean {
  const pattern = textOf(value);
  if (!pattern) return false;
  const how: MatchingMethod = isMatchingMethod(method) ? method : fallback;
  const key = `${how}\u0000${pattern}`;
  let expression = compiled.get(key);
  if (expression === undefined) {
    expression = isValidMatchingValue(pattern) ? compileMatchingValue(pattern, how) : null;
    if (compiled.size > 10_000) compiled.clear();
    compiled.set(key, expression);
  }
  return expression?.test(text.trim().replace(/\s+/gu, ' ')) ?? false;
}
