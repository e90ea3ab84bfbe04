import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleField } from '../../domain/ruleListFields';
import { explainedProblem, formatOf, normaliseFieldValue, valueProblem } from '../../domain/ruleListValidation';

/**
 * The generated form's side of the field rules: a react-admin validator per field (the same
 * normalise-then-check as the server, with the message as an i18n key), and the transform that
 * sends normalised values.
 */

export type FieldValidator = ((value: unknown) => { message: string; args: Record<string, string | number> } | undefined) & { isRequired?: boolean };

export function ruleFieldValidator(field: RuleField): FieldValidator {
  const validator: FieldValidator = (value) => {
    const normalised = normaliseFieldValue(field, value);
    const found = 'problem' in normalised ? normalised.problem : valueProblem(field, normalised.value);
    // The error takes the place of the helper text: it keeps the format hint.
    const problem = found && explainedProblem(field, found);
    return problem ? { message: `app.ruleField.${problem.code}`, args: problem.args } : undefined;
  };
  // react-admin marks the label of a required input with an asterisk.
  validator.isRequired = field.required === true;
  return validator;
}

/** Whether the field's input is shown in capitals (codes). */
export function isUppercaseField(field: RuleField): boolean {
  return formatOf(field)?.uppercase === true;
}

/** The record to send: every editable field normalised, the version kept for optimistic concurrency. */
export function normaliseForSave(plugin: RuleListPlugin, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (data.version !== undefined) out.version = data.version;
  for (const field of plugin.fields) {
    if (field.readOnly) continue;
    const normalised = normaliseFieldValue(field, data[field.source]);
    out[field.source] = 'value' in normalised ? normalised.value : data[field.source];
  }
  return out;
}

/** A new row's starting values: each field's default. */
export function defaultRecord(plugin: RuleListPlugin): Record<string, unknown> {
  return Object.fromEntries(plugin.fields.map((field) => [field.source, field.defaultValue ?? null]));
}
