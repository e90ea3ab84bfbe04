import { dayNumber } from './dateRange';
import { EMAIL_LIST_MAX_LENGTH } from './email';
import { FIELD_FORMATS, type FieldFormat } from './ruleFieldFormats';
import type { RuleField, RuleValue, RuleValues } from './ruleListFields';
import { formatMessage, Messages } from './statusCodes';

/**
 * One check of a rule-list record for the generated form, the server and CSV import: each value is
 * normalised (trimmed; codes upper-cased; choices matched without regard to case; list items trimmed
 * and re-joined) and then checked against its field. The messages start with the spec's own
 * ('* Required', '* Invalid Format').
 */

export const RuleFieldMessages = {
  required: Messages.required,
  invalidFormat: Messages.invalidFormat,
  /** The spec's message with what the field asks for, where a form or an answer shows it beside the field. */
  invalidFormatHint: `${Messages.invalidFormat} ({hint})`,
  unknownCode: '* Unknown code: {value}',
  unknownCodes: '* Unknown codes: {values}',
  tooShort: '* At least {min} characters',
  tooLong: '* At most {max} characters',
  notAChoice: '* Choose one of: {choices}',
  tooManyItems: '* At most {max} items',
  duplicateItem: '* {item} is listed twice',
  outOfRange: '* A whole number from {min} to {max}',
  duplicateRecord: '* Already in the list',
} as const;

export type RuleFieldProblemCode = keyof typeof RuleFieldMessages;

export interface FieldProblem {
  code: RuleFieldProblemCode;
  args: Record<string, string | number>;
  /** The message in English, placeholders filled. */
  message: string;
}

export function fieldProblem(code: RuleFieldProblemCode, args: Record<string, string | number> = {}): FieldProblem {
  return { code, args, message: formatMessage(RuleFieldMessages[code], args) };
}

const formats = new WeakMap<RuleField, FieldFormat | null>();

/** The format a field's value (or each item) must have, if any: its wildcards, named format and pattern together. */
export function formatOf(field: RuleField): FieldFormat | undefined {
  const known = formats.get(field);
  if (known !== undefined) return known ?? undefined;
  const parts: FieldFormat[] = [];
  if (field.wildcards) parts.push(FIELD_FORMATS.matchingValue);
  if (field.format) parts.push(FIELD_FORMATS[field.format]);
  if (field.pattern) {
    const regex = new RegExp(`^(?:${field.pattern})$`, 'u');
    parts.push({ test: (value) => regex.test(value), uppercase: false, hint: field.patternHint ?? '' });
  }
  const format: FieldFormat | undefined =
    parts.length <= 1 && !field.uppercase && !field.patternHint
      ? parts[0]
      : {
          test: (value) => parts.every((part) => part.test(value)),
          known: (value) => parts.every((part) => !part.known || part.known(value)),
          uppercase: field.uppercase ?? parts.some((part) => part.uppercase),
          hint:
            field.patternHint ??
            parts
              .map((part) => part.hint)
              .filter((hint) => hint !== '')
              .join('; '),
        };
  formats.set(field, format ?? null);
  return format;
}

function joinerOf(field: RuleField): string {
  return field.separator === ',' ? ', ' : (field.separator ?? ';');
}

/** The most characters a field may hold: its own limit, the spec's 200 for e-mail lists, else 200 for codes and 1000 for text. */
export function maxLengthOf(field: RuleField): number {
  if (field.maxLength !== undefined) return field.maxLength;
  if (field.format === 'email' && field.type === 'list') return EMAIL_LIST_MAX_LENGTH;
  return field.multiline ? 2000 : 200;
}

/** What the field asks for in words: shown under the input and added to import reports. */
export function fieldHint(field: RuleField): string {
  const format = formatOf(field);
  const itemHint = format?.hint ?? '';
  switch (field.type) {
    case 'list': {
      const most = field.maxItems !== undefined ? `, at most ${field.maxItems}` : '';
      return `Separated by "${field.separator ?? ';'}"${most}${itemHint ? `; each ${itemHint}` : ''}`;
    }
    case 'integer':
      return `A whole number from ${field.min ?? 0} to ${field.max ?? 2147483647}`;
    case 'date':
      return 'A date, YYYY-MM-DD';
    case 'choice':
      return '';
    case 'boolean':
      return 'Yes or No';
    case 'text': {
      if (itemHint) return itemHint;
      const least = field.minLength !== undefined ? `at least ${field.minLength} and ` : '';
      return `Text, ${least}at most ${maxLengthOf(field)} characters`;
    }
  }
}

export type Normalised = { value: RuleValue } | { problem: FieldProblem };

const YES = new Set(['TRUE', 'YES', 'Y', '1']);
const NO = new Set(['FALSE', 'NO', 'N', '0']);

/** A yes/no value as CSV and the grid show it. */
export function booleanText(value: RuleValue): string {
  return value === true ? 'Yes' : value === false ? 'No' : '';
}

/** Input text to the stored value: trimmed, codes upper-cased, the choice's own spelling, list items re-joined, yes/no as true/false. */
export function normaliseFieldValue(field: RuleField, raw: unknown): Normalised {
  if (raw === undefined || raw === null) return { value: null };
  if (typeof raw === 'boolean') return field.type === 'boolean' ? { value: raw } : { problem: fieldProblem('invalidFormat') };
  if (typeof raw !== 'string' && typeof raw !== 'number') return { problem: fieldProblem('invalidFormat') };
  const text = String(raw).trim();
  if (text === '') return { value: null };
  const format = formatOf(field);
  switch (field.type) {
    case 'boolean': {
      const upper = text.toUpperCase();
      if (YES.has(upper)) return { value: true };
      if (NO.has(upper)) return { value: false };
      return { problem: fieldProblem('invalidFormat') };
    }
    case 'integer': {
      if (!/^-?\d{1,10}$/.test(text)) return { problem: fieldProblem('invalidFormat') };
      return { value: Number(text) };
    }
    case 'choice': {
      const choice = field.choices?.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
      return { value: choice ?? text };
    }
    case 'list': {
      const items = text
        .split(field.separator ?? ';')
        .map((item) => item.trim())
        .filter((item) => item !== '')
        .map((item) => (format?.uppercase ? item.toUpperCase() : item));
      return { value: items.length === 0 ? null : items.join(joinerOf(field)) };
    }
    default:
      return { value: format?.uppercase ? text.toUpperCase() : text };
  }
}

/** The items of a list field's stored value. */
export function listItems(field: RuleField, value: RuleValue): string[] {
  if (value === null || value === '') return [];
  return String(value)
    .split(field.separator ?? ';')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function itemProblem(format: FieldFormat | undefined, item: string): FieldProblem | undefined {
  if (!format) return undefined;
  if (!format.test(item)) return fieldProblem('invalidFormat');
  if (format.known && !format.known(item)) return fieldProblem('unknownCode', { value: item });
  return undefined;
}

/** The first problem of a normalised value, or undefined when the field accepts it. */
export function valueProblem(field: RuleField, value: RuleValue): FieldProblem | undefined {
  if (value === null) return field.required ? fieldProblem('required') : undefined;
  const text = String(value);
  const max = maxLengthOf(field);
  switch (field.type) {
    case 'integer': {
      const min = field.min ?? 0;
      const most = field.max ?? 2147483647;
      return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= most ? undefined : fieldProblem('outOfRange', { min, max: most });
    }
    case 'date':
      return dayNumber(text) !== undefined ? undefined : fieldProblem('invalidFormat');
    case 'boolean':
      return typeof value === 'boolean' ? undefined : fieldProblem('invalidFormat');
    case 'choice':
      return field.choices?.includes(text) ? undefined : fieldProblem('notAChoice', { choices: (field.choices ?? []).join(', ') });
    case 'list': {
      const items = listItems(field, value);
      if (field.maxItems !== undefined && items.length > field.maxItems) return fieldProblem('tooManyItems', { max: field.maxItems });
      if (text.length > max) return fieldProblem('tooLong', { max });
      // Every unknown code is named (a Region List row may hold 250), then the first repeated one.
      const seen = new Set<string>();
      const unknown: string[] = [];
      let repeated: string | undefined;
      for (const item of items) {
        const problem = itemProblem(formatOf(field), item);
        if (problem?.code === 'unknownCode') unknown.push(item);
        else if (problem) return problem;
        if (seen.has(item.toUpperCase())) repeated ??= item;
        seen.add(item.toUpperCase());
      }
      if (unknown.length > 1) return fieldProblem('unknownCodes', { values: unknown.join(', ') });
      if (unknown.length === 1) return fieldProblem('unknownCode', { value: unknown[0] });
      return repeated === undefined ? undefined : fieldProblem('duplicateItem', { item: repeated });
    }
    case 'text': {
      if (field.minLength !== undefined && [...text].length < field.minLength) return fieldProblem('tooShort', { min: field.minLength });
      if ([...text].length > max) return fieldProblem('tooLong', { max });
      return itemProblem(formatOf(field), text);
    }
  }
}

/**
 * A problem as a form or an answer shows it beside the field: a format problem keeps what the field
 * asks for ("* Invalid Format (2 letters, e.g. HK)"), which the error would otherwise replace.
 */
export function explainedProblem(field: RuleField, problem: FieldProblem): FieldProblem {
  if (problem.code !== 'invalidFormat') return problem;
  const hint = fieldHint(field);
  return hint ? fieldProblem('invalidFormatHint', { hint }) : problem;
}

export interface RecordCheck {
  values: RuleValues;
  /** Field source -> its first problem; empty when the record is valid. */
  problems: Record<string, FieldProblem>;
}

/** Normalises and checks every field of a record; fields missing from the input count as empty. */
export function checkRecord(fields: readonly RuleField[], input: Readonly<Record<string, unknown>>): RecordCheck {
  const values: RuleValues = {};
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    const normalised = normaliseFieldValue(field, input[field.source]);
    if ('problem' in normalised) {
      values[field.source] = null;
      problems[field.source] = normalised.problem;
      continue;
    }
    values[field.source] = normalised.value;
    const problem = valueProblem(field, normalised.value);
    if (problem) problems[field.source] = problem;
  }
  return { values, problems };
}

/** The key that must be unique within a company's list: the key fields' values, compared without regard to case. */
export function uniqueKeyOf(keySources: readonly string[], values: Readonly<RuleValues>): string {
  return JSON.stringify(keySources.map((source) => String(values[source] ?? '').toUpperCase()));
}

/** The key in words, for messages: "CX / HKG". */
export function describeKey(keySources: readonly string[], values: Readonly<RuleValues>): string {
  return keySources
    .map((source) => (values[source] === null || values[source] === undefined || values[source] === '' ? '(empty)' : String(values[source])))
    .join(' / ');
}
