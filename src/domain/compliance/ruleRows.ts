import {
  compileMatchingValue,
  isMatchingMethod,
  isValidMatchingValue,
  normaliseMatchText,
  requiredAsciiLiteral,
  type Matcher,
  type MatchingMethod,
} from '../wildcard';
import { lowerForAsciiSearch } from '../asciiText';

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

/** A row's value of a field as the engine compares it: trimmed text, upper-cased, and its list items. */
export interface RowField {
  text: string | undefined;
  upper: string | undefined;
  /** The items of a list value ('HKG;SIN', 'ELI/ELM'), upper-cased; made when first asked for. */
  items?: ReadonlySet<string>;
}

/**
 * What the engine derives from a row (its fields as compared, its compiled matching values), kept on the
 * row's values object itself, in a property no one else sees (not enumerable: JSON, spreads and equality
 * pass it over), for as long as the row's list version is in use. It was kept in WeakMaps keyed by the
 * rows' values: with 50,000-row lists, a million of their entries (ephemerons) had to be marked in V8's
 * final, stop-the-world step of every full collection: 61 ms of a 73 ms pause (issue 33's limits bench).
 */
interface RowDerived {
  fields: Record<string, RowField>;
  compiled: Record<string, Partial<Record<MatchingMethod, RowMatcher | null>>>;
}

const DERIVED: unique symbol = Symbol('what the rules engine derived from the row');
/** Values objects that cannot take the property (frozen): a test's fixture, never the lists as loaded. */
const derivedOfFrozen = new WeakMap<RuleRow['values'], RowDerived>();

function derivedOf(row: RuleRow): RowDerived {
  const values = row.values as RuleRow['values'] & { [DERIVED]?: RowDerived };
  let derived = values[DERIVED] ?? derivedOfFrozen.get(values);
  if (!derived) {
    derived = { fields: {}, compiled: {} };
    if (Object.isExtensible(values)) Object.defineProperty(values, DERIVED, { value: derived });
    else derivedOfFrozen.set(values, derived);
  }
  return derived;
}

/** A row's field as compared (trimmed text, upper-cased), made once per row: a shipment tried against a list of thousands of rows makes no new text per row. */
export function rowField(row: RuleRow, field: string): RowField {
  const { fields } = derivedOf(row);
  let view = fields[field];
  if (!view) {
    const text = textOf(row.values[field]);
    view = { text, upper: text?.toUpperCase() };
    fields[field] = view;
  }
  return view;
}

/** The items of a row's list value, upper-cased, split at any of ; / and , (kept with the row). */
export function rowItems(row: RuleRow, field: string): ReadonlySet<string> {
  const view = rowField(row, field);
  view.items ??= new Set((view.text ?? '').split(/[;/,]/u).map((item) => item.trim().toUpperCase()));
  return view.items;
}

/** A row's compiled matching value, with the literal text every match holds (requiredAsciiLiteral). */
export interface RowMatcher {
  matcher: Matcher;
  literal?: string;
}

/** The compiled matcher of a row's matching value (compiled now when it was not yet: preparedLists.ts compiles a list's ahead), kept with the row (derivedOf). */
export function rowMatcher(row: RuleRow, field: string, how: MatchingMethod): RowMatcher | null {
  const fields = derivedOf(row).compiled;
  fields[field] ??= {};
  const methods = fields[field];
  let compiled = methods[how];
  if (compiled === undefined) {
    const pattern = textOf(row.values[field]);
    const literal = pattern && requiredAsciiLiteral(pattern);
    compiled = pattern && isValidMatchingValue(pattern) ? { matcher: compileMatchingValue(pattern, how), ...(literal ? { literal } : {}) } : null;
    methods[how] = compiled;
  }
  return compiled;
}

/**
 * The texts last compared, normalised and lower-cased for the literal test: a shipment's texts are tried
 * against every row of a list, and a list like the Validation Rules tries a row against several texts
 * in turn (its parties, goods): one remembered text was normalised again for nearly every row (50,000
 * rows: 400 ms a shipment).
 */
const preparedTexts = new Map<string, { normalised: string; lowered: string }>();
const PREPARED_TEXTS_MAX = 256;

function preparedText(text: string): { normalised: string; lowered: string } {
  let prepared = preparedTexts.get(text);
  if (!prepared) {
    if (preparedTexts.size >= PREPARED_TEXTS_MAX) preparedTexts.clear();
    const normalised = normaliseMatchText(text);
    prepared = { normalised, lowered: lowerForAsciiSearch(normalised) };
    preparedTexts.set(text, prepared);
  }
  return prepared;
}

/**
 * Whether a text matches the matching value in a row's field under its method (spec 5 wildcards).
 * Each row's expression is compiled once (a bounded cache shared by all values thrashed once a list
 * held more values than it kept, and a 50,000-row list was compiled again for every shipment), and
 * a value whose literal part the text lacks is passed over without running its matcher; an invalid
 * value matches nothing.
 */
export function rowMatches(text: string, row: RuleRow, field: string, method: RowValue, fallback: MatchingMethod = 'Default'): boolean {
  const how: MatchingMethod = isMatchingMethod(method) ? method : fallback;
  const compiled = rowMatcher(row, field, how);
  if (!compiled) return false;
  const { normalised, lowered } = preparedText(text);
  if (compiled.literal !== undefined && !lowered.includes(compiled.literal)) return false;
  return compiled.matcher.test(normalised);
}
