import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleField } from '../../domain/ruleListFields';
import { fieldHint, maxLengthOf } from '../../domain/ruleListValidation';
import { IMPORT_MODES, RULE_LIST_IMPORT_MAX_BYTES } from '../../domain/ruleListImport';
import { RULE_LIST_AUDIT_ACTIONS } from '../../domain/ruleListAudit';

/**
 * The OpenAPI description of the rule-list routes, generated from the same plugins as the routes
 * (CONTRACTS.md: every wire format is documented). Served at GET /classicapi/rulelists/openapi.json.
 */

type Schema = Record<string, unknown>;

function fieldSchema(field: RuleField): Schema {
  const description = [field.label, fieldHint(field)].filter(Boolean).join(': ');
  const nullable = (schema: Schema): Schema => (field.required ? schema : { anyOf: [schema, { type: 'null' }] });
  switch (field.type) {
    case 'integer':
      return { ...nullable({ type: 'integer', minimum: field.min ?? 0, maximum: field.max ?? 2147483647 }), description };
    case 'choice':
      return { ...nullable({ type: 'string', enum: field.choices }), description };
    case 'date':
      return { ...nullable({ type: 'string', format: 'date' }), description };
    case 'boolean':
      return { ...nullable({ type: 'boolean' }), description };
    default:
      return { ...nullable({ type: 'string', maxLength: maxLengthOf(field), ...(field.pattern ? { pattern: `^(?:${field.pattern})$` } : {}) }), description };
  }
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
const csv = { content: { 'text/csv': { schema: { type: 'string' } } } };
const listParams = ['sort', 'range', 'filter'].map((name) => ({
  name,
  in: 'query',
  required: false,
  schema: { type: 'string' },
  description: `simple-rest ${name}, as JSON`,
}));
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const envelope = (request: Schema) => ({
  required: true,
  ...json({
    type: 'object',
    required: ['request', 'app_id', 'token', 'ts'],
    properties: {
      request,
      app_id: { const: 2 },
      token: { type: 'string', format: 'uuid' },
      ts: { type: 'integer', description: 'unix seconds, within the window' },
    },
  }),
});
const answer = (data: Schema) => ({
  description: 'status 1 and the data',
  ...json({ type: 'object', properties: { status: { const: 1 }, data, total: { type: 'integer' } } }),
});
const refusals = {
  400: { description: 'VALIDATION_FAIL (-50001): message, and per-field `errors` for a row', ...json(ref('Refusal')) },
  403: { description: "USER_ACL_EXCEPTION (-10000): the role does not hold the list's function", ...json(ref('Refusal')) },
  404: { description: "FAILURE (-1): 'Record Not Found!'", ...json(ref('Refusal')) },
  409: { description: 'FAILURE (-1): a duplicate key (with `errors`) or a stale version', ...json(ref('Refusal')) },
};

function pluginPaths(plugin: RuleListPlugin): Record<string, unknown> {
  const row = ref(`${plugin.name}Row`);
  const tag = [plugin.label];
  const base = `/classicapi/${plugin.name}`;
  const paths: Record<string, unknown> = {
    [base]: {
      get: {
        tags: tag,
        summary: `List ${plugin.label}`,
        parameters: listParams,
        responses: { 200: answer({ type: 'array', items: row }), 400: refusals[400], 403: refusals[403] },
      },
      post: { tags: tag, summary: 'Create a row', requestBody: envelope(ref(`${plugin.name}Values`)), responses: { 200: answer(row), ...refusals } },
      delete: {
        tags: tag,
        summary: 'Delete rows, all or none',
        requestBody: envelope(ref('RowIds')),
        responses: { 200: answer({ type: 'array', items: { type: 'integer' } }), ...refusals },
      },
    },
    [`${base}/{id}`]: {
      parameters: [idParam],
      get: { tags: tag, summary: 'One row', responses: { 200: answer(row), 403: refusals[403], 404: refusals[404] } },
      put: {
        tags: tag,
        summary: 'Update a row with the version read',
        requestBody: envelope({
          allOf: [ref(`${plugin.name}Values`), { type: 'object', required: ['version'], properties: { version: { type: 'integer' } } }],
        }),
        responses: { 200: answer(row), ...refusals },
      },
      delete: {
        tags: tag,
        summary: 'Delete a row (refused when `version` is given and stale)',
        requestBody: envelope({ type: 'object', properties: { version: { type: 'integer' } } }),
        responses: { 200: answer(row), ...refusals },
      },
    },
    [`${base}/import`]: {
      post: {
        tags: tag,
        summary: 'Import a CSV file, all or nothing',
        requestBody: envelope(ref('ImportRequest')),
        responses: {
          200: answer({ type: 'object', properties: { imported: { type: 'integer' }, removed: { type: 'integer' } } }),
          400: { description: 'The report', ...json(ref('ImportReport')) },
          413: { description: 'The file is over the limit', ...json(ref('ImportReport')) },
        },
      },
    },
    [`${base}/export`]: {
      get: {
        tags: tag,
        summary: 'CSV of the rows the filter selects',
        parameters: listParams.filter((param) => param.name !== 'range'),
        responses: { 200: { description: 'UTF-8 with BOM', ...csv } },
      },
    },
    [`${base}/template`]: { get: { tags: tag, summary: 'The import header row', responses: { 200: { description: 'UTF-8 with BOM', ...csv } } } },
    [`${base}/userlog`]: {
      get: { tags: tag, summary: "The list's audit entries", parameters: listParams, responses: { 200: answer({ type: 'array', items: ref('AuditEntry') }) } },
    },
  };
  if (plugin.cancel)
    paths[`${base}/cancel`] = {
      post: {
        tags: tag,
        summary: `Set ${plugin.cancel.field} to ${plugin.cancel.cancelledValue}`,
        requestBody: envelope(ref('RowIds')),
        responses: { 200: answer({ type: 'array', items: row }), ...refusals },
      },
    };
  if (plugin.resend)
    paths[`${base}/resend`] = {
      post: {
        tags: tag,
        summary: `Mail the rows to their ${plugin.resend.emailField}`,
        requestBody: envelope(ref('RowIds')),
        responses: { 200: answer({ type: 'object' }), ...refusals },
      },
    };
  return paths;
}

export function ruleListOpenApi(plugins: readonly RuleListPlugin[]): Record<string, unknown> {
  const schemas: Record<string, Schema> = {
    Refusal: {
      type: 'object',
      required: ['status', 'message'],
      properties: { status: { type: 'integer' }, message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } },
    },
    RowIds: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 1000 } } },
    ImportRequest: {
      type: 'object',
      required: ['fileName', 'content', 'mode'],
      properties: {
        fileName: { type: 'string', pattern: '\\.csv$' },
        content: { type: 'string', contentEncoding: 'base64', description: `the file's bytes, at most ${RULE_LIST_IMPORT_MAX_BYTES} bytes, UTF-8` },
        mode: { enum: IMPORT_MODES },
      },
    },
    ImportReport: {
      type: 'object',
      properties: {
        status: { const: -50001 },
        message: { type: 'string' },
        data: {
          type: 'object',
          properties: {
            total: { type: 'integer' },
            problems: {
              type: 'array',
              items: { type: 'object', properties: { line: { type: 'integer' }, column: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      },
    },
    AuditEntry: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        at: { type: 'string', format: 'date-time' },
        userId: { type: 'string' },
        ipAddress: { type: ['string', 'null'] },
        action: { enum: RULE_LIST_AUDIT_ACTIONS },
        rowId: { type: 'string' },
        before: { type: ['object', 'null'] },
        after: { type: ['object', 'null'] },
      },
    },
  };
  for (const plugin of plugins) {
    const properties = Object.fromEntries(plugin.fields.map((field) => [field.source, fieldSchema(field)]));
    const required = plugin.fields.filter((field) => field.required && !field.readOnly).map((field) => field.source);
    schemas[`${plugin.name}Values`] = { type: 'object', properties, required, description: plugin.help };
    schemas[`${plugin.name}Row`] = {
      allOf: [
        ref(`${plugin.name}Values`),
        {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            version: { type: 'integer' },
            createdAt: { type: 'string', format: 'date-time' },
            createdBy: { type: 'string' },
            updatedAt: { type: 'string', format: 'date-time' },
            updatedBy: { type: 'string' },
          },
        },
      ],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Admin rule lists (classic envelope API)',
      version: '1',
      description: 'Generated from plugins/. Every non-GET body is the envelope {request, app_id, token, ts}.',
    },
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas },
    paths: {
      '/classicapi/rulelists': {
        get: {
          tags: ['Admin List Control'],
          summary: 'The lists the user may maintain, with row counts and last change',
          responses: { 200: answer({ type: 'array', items: { type: 'object' } }) },
        },
      },
      ...Object.assign({}, ...plugins.map(pluginPaths)),
    },
  };
}
