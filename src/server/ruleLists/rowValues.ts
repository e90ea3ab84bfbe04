import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleValues } from '../../domain/ruleListFields';
import { checkRecord, uniqueKeyOf, type FieldProblem } from '../../domain/ruleListValidation';

/**
 * The values a write stores: the input checked by the plugin's fields, read-only fields taken from
 * their default (new rows) or from the stored row (updates), never from the input.
 */

/** Defaults of the fields an import file has no column for, and of every read-only field. */
export function defaultsOf(plugin: RuleListPlugin, presentSources: readonly string[]): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const field of plugin.fields) {
    if (field.readOnly || !presentSources.includes(field.source)) defaults[field.source] = field.defaultValue ?? null;
  }
  return defaults;
}

export type CheckedValues = { values: RuleValues; uniqueKey: string } | { problems: Record<string, FieldProblem> };

export function checkValues(plugin: RuleListPlugin, input: Readonly<Record<string, unknown>>, stored?: Readonly<RuleValues>): CheckedValues {
  const merged: Record<string, unknown> = { ...input };
  for (const field of plugin.fields) {
    if (field.readOnly) merged[field.source] = stored ? (stored[field.source] ?? null) : (field.defaultValue ?? null);
  }
  const { values, problems } = checkRecord(plugin.fields, merged);
  if (Object.keys(problems).length > 0) return { problems };
  return { values, uniqueKey: uniqueKeyOf(plugin.uniqueKey, values) };
}
