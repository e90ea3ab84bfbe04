import type { RuleEffect } from '../src/domain/compliance/ruleEffects';
import type { RuleField, RuleValue } from '../src/domain/ruleListFields';

export type { RuleField, RuleFieldType, ListSeparator, RuleValue, RuleValues } from '../src/domain/ruleListFields';
export type { RuleEffect, EffectCondition, EffectOutcome, ShipmentFact, MatchKind } from '../src/domain/compliance/ruleEffects';

/**
 * A rule-list plugin: the declarative definition of one admin list, read by both the app
 * (screens) and the server (routes, validation, import, export). Adding a list is one file in
 * plugins/ and one line in plugins/index.ts; nothing else.
 */

/** The grid toolbar actions of spec 2; a plugin lists those that apply to it. */
export const TOOLBAR_ACTIONS = [
  'add',
  'import',
  'export',
  'edit',
  'delete',
  'userLog',
  'help',
  'importTemplate',
  'clear',
  'resend',
  'cancel',
  'countryList',
] as const;
export type ToolbarAction = (typeof TOOLBAR_ACTIONS)[number];

export interface SortOrder {
  field: string;
  order: 'ASC' | 'DESC';
}

export interface RuleListPlugin {
  /** Resource name on the wire (/classicapi/{name}) and in react-admin; lower-case letters and digits. */
  name: string;
  /** Route segment under /ez4/{lang}/; `:functionId` pages carry the id in the path. */
  route: string;
  /** The function id that guards the list; routes with `:functionId` also accept it in the path. */
  functionId: number;
  /** Whether the path carries `{functionId}` (spec 2). */
  functionIdInPath: boolean;
  /** Page title and menu text. */
  label: string;
  /** The columns of a row, in grid and form order. */
  fields: readonly RuleField[];
  /** The grid's order when the user has not chosen one. */
  defaultSort: SortOrder;
  /** Fields whose values together may appear once per company (compared without regard to case). */
  uniqueKey: readonly string[];
  /** The toolbar actions that apply, in toolbar order. */
  actions: readonly ToolbarAction[];
  /** CSV columns (field sources) read by Import and given by Import Template. */
  importColumns: readonly string[];
  /** CSV columns written by Export. */
  exportColumns: readonly string[];
  /** What the list is for and how it is used: the Help action shows it. */
  help: string;
  /** The Cancel action: sets the status field of the selected rows from active to cancelled (kept for the record). */
  cancel?: { field: string; activeValue: string; cancelledValue: string };
  /** The Resend action: mails the selected rows' e-mail list field a notice of the rule. */
  resend?: { emailField: string };
  /**
   * What the list's rows do to a shipment (src/domain/compliance/ruleEffects.ts): the rules engine
   * evaluates them for every plugin that declares them, and a change of the list re-screens open
   * shipments. A list without effects is data only (or read by a built-in rule of the engine).
   */
  effects?: readonly RuleEffect[];
  /**
   * Rows the demo airlines' list starts with (at least 3, checked like an import; fields left out
   * take their default). Lists of the first seventeen keep theirs in src/server/db/seed/ruleListDemoRows.ts.
   */
  demoRows?: readonly Readonly<Record<string, RuleValue>>[];
}

export function definePlugin(plugin: RuleListPlugin): RuleListPlugin {
  return plugin;
}

/** Whether the list offers a toolbar action: its screens show it and the server answers its route only then. */
export function offers(plugin: Pick<RuleListPlugin, 'actions'>, action: ToolbarAction): boolean {
  return plugin.actions.includes(action);
}
