import { MAX_SPECIAL_HANDLING_CODES } from '../src/domain/specialHandling';
import { MATCHING_METHODS } from '../src/domain/wildcard';
import type { RuleField } from '../src/domain/ruleListFields';
import type { ToolbarAction } from './types';

/** The admin grid fields of spec 3, ready to drop into a plugin; `overrides` adjusts one use. */

type Overrides = Partial<RuleField>;

export const carrierId = (overrides: Overrides = {}): RuleField => ({
  source: 'carrierId',
  label: 'Carrier ID',
  type: 'text',
  format: 'carrierId',
  filter: true,
  ...overrides,
});

export const countryCode = (overrides: Overrides = {}): RuleField => ({
  source: 'countryCode',
  label: 'Country Code',
  type: 'text',
  format: 'countryCode',
  filter: true,
  ...overrides,
});

export const airportCode = (overrides: Overrides = {}): RuleField => ({
  source: 'airportCode',
  label: 'Airport Code',
  type: 'text',
  format: 'airportCode',
  filter: true,
  ...overrides,
});

export const stationCode = (overrides: Overrides = {}): RuleField => ({
  source: 'stationCode',
  label: 'Station Code',
  type: 'text',
  format: 'stationCode',
  filter: true,
  ...overrides,
});

/** At most 9 SHC codes separated by a slash (spec 5). */
export const shcCodes = (overrides: Overrides = {}): RuleField => ({
  source: 'shcCodes',
  label: 'SHC Codes',
  type: 'list',
  format: 'shcCode',
  separator: '/',
  maxItems: MAX_SPECIAL_HANDLING_CODES,
  filter: true,
  ...overrides,
});

/** Currency codes separated by semicolons (spec 5). */
export const currencyCodes = (overrides: Overrides = {}): RuleField => ({
  source: 'currencyCodes',
  label: 'Currency Codes',
  type: 'list',
  format: 'currencyCode',
  separator: ';',
  maxItems: 20,
  filter: true,
  ...overrides,
});

/** Acceptance stations separated by semicolons (spec 5). */
export const acceptanceStations = (overrides: Overrides = {}): RuleField => ({
  source: 'acceptanceStations',
  label: 'Acceptance Stations',
  type: 'list',
  format: 'stationCode',
  separator: ';',
  maxItems: 50,
  filter: true,
  ...overrides,
});

/** A matching value with wildcards * ? # and ! as escape (spec 5). */
export const matchingValue = (overrides: Overrides = {}): RuleField => ({
  source: 'matchingValue',
  label: 'Matching Value',
  type: 'text',
  wildcards: true,
  required: true,
  maxLength: 200,
  filter: true,
  ...overrides,
});

/** Default, Keyword or Exact (spec 5). */
export const matchingMethod = (overrides: Overrides = {}): RuleField => ({
  source: 'matchingMethod',
  label: 'Matching Method',
  type: 'choice',
  choices: MATCHING_METHODS,
  required: true,
  defaultValue: 'Default',
  filter: true,
  ...overrides,
});

export const remarks = (overrides: Overrides = {}): RuleField => ({
  source: 'remarks',
  label: 'Remarks',
  type: 'text',
  maxLength: 500,
  multiline: true,
  inList: false,
  ...overrides,
});

/** The toolbar of an editable list; `extra` adds the actions that apply to it (Country List, Cancel, Resend). */
export function editableListActions(...extra: ToolbarAction[]): ToolbarAction[] {
  return ['add', 'edit', 'delete', ...extra, 'import', 'importTemplate', 'export', 'clear', 'userLog', 'help'];
}

/** Every field's source, in order: the usual import and export columns. */
export function sourcesOf(fields: readonly RuleField[], except: readonly string[] = []): string[] {
  return fields.map((field) => field.source).filter((source) => !except.includes(source));
}
