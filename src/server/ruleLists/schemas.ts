import type { RuleListPlugin } from '../../../plugins/types';
import { ROW_META_KEYS } from '../../../plugins/checkPlugins';
import { IMPORT_MODES, RULE_LIST_IMPORT_MAX_BYTES } from '../../domain/ruleListImport';

/**
 * JSON schemas of the rule-list routes, generated from the plugin: malformed input is refused before
 * a handler runs (HTTP 400, VALIDATION_FAIL); the field rules then check the values themselves.
 */

const MAX_ID = Number.MAX_SAFE_INTEGER;
const rowId = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;
const MAX_BULK_ROWS = 1000;

/** A field's value: text, a number, a yes/no or null (anyOf: Ajv's strict mode refuses a type list). */
const fieldValue = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] } as const;

export const idParams = { type: 'object', required: ['id'], properties: { id: rowId } } as const;

/** A row as a form sends it: the fields (text, number or null) and the row keys react-admin sends back. */
export function rowBodySchema(plugin: RuleListPlugin, requireVersion: boolean) {
  const properties: Record<string, unknown> = {};
  for (const field of plugin.fields) properties[field.source] = fieldValue;
  for (const key of ROW_META_KEYS) properties[key] = key === 'version' ? { type: 'integer', minimum: 1, maximum: 2147483647 } : fieldValue;
  return { type: 'object', properties, additionalProperties: false, ...(requireVersion ? { required: ['version'] } : {}) };
}

export const deleteBodySchema = {
  type: 'object',
  properties: { version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  additionalProperties: false,
} as const;

export const idsBodySchema = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'array', items: rowId, minItems: 1, maxItems: MAX_BULK_ROWS, uniqueItems: true } },
  additionalProperties: false,
} as const;

/** The file travels base64-encoded inside the envelope, so the server sees the exact bytes (encoding check). */
export const importBodySchema = {
  type: 'object',
  required: ['fileName', 'content', 'mode'],
  properties: {
    fileName: { type: 'string', minLength: 1, maxLength: 255 },
    content: { type: 'string' },
    mode: { type: 'string', enum: IMPORT_MODES },
  },
  additionalProperties: false,
} as const;

/** Room for the base64 of the largest file, plus the envelope around it. */
export const IMPORT_BODY_LIMIT = Math.ceil((RULE_LIST_IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;

export const exportQuerySchema = {
  type: 'object',
  properties: {
    sort: { type: 'string', maxLength: 200 },
    filter: { type: 'string', maxLength: 2000 },
  },
  additionalProperties: false,
} as const;
