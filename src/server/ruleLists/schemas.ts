import { Type, type Static, type TSchema } from 'typebox';
import type { RuleListPlugin } from '../../../plugins/types';
import { ROW_META_KEYS } from '../../../plugins/checkPlugins';
import { RULE_LIST_AUDIT_ACTIONS, type RuleListAuditEntry, type RuleListOverviewEntry } from '../../domain/ruleListAudit';
import type { RuleField, RuleValue } from '../../domain/ruleListFields';
import { IMPORT_MODES, RULE_LIST_IMPORT_MAX_BYTES, type ImportProblem } from '../../domain/ruleListImport';
import { fieldHint, maxLengthOf } from '../../domain/ruleListValidation';
import { type Holds, NullableText, Refusal, type Same, StatusField } from '../http/answerSchemas';
import type { WireRow } from './rowStore';

/**
 * The schemas of the rule-list routes, generated from the plugin and written once (issue 21): they
 * validate what a route reads (malformed input is refused before a handler runs, HTTP 400,
 * VALIDATION_FAIL), type its handler, shape what it answers, and describe it in the OpenAPI document.
 *
 * A row's field values are checked by the plugin's field rules, not here: a request body takes any
 * text, number, yes/no or null per field, so a wrong value gets the field's own message (answers.ts,
 * sendFieldProblems) and not a schema error. The precise shape of each field (its type, length,
 * pattern, choices, date format and hint) is in the row the routes answer, where the document shows it.
 */

const MAX_ID = Number.MAX_SAFE_INTEGER;
/** The largest version (PostgreSQL's integer), and of an integer field unless the field says less (its rules' default too). */
const MAX_INTEGER = 2147483647;
const MAX_BULK_ROWS = 1000;
const rowId = Type.Integer({ minimum: 1, maximum: MAX_ID });
const rowVersion = Type.Integer({ minimum: 1, maximum: MAX_INTEGER });

/** What a field reads and says it reads: its label, then what it asks for in words. */
function describeField(field: RuleField): string {
  return [field.label, fieldHint(field)].filter(Boolean).join(': ');
}

/** A field's value as a form sends it: text, a number, a yes/no or null (anyOf: Ajv's strict mode refuses a type list). */
function fieldValue(description?: string) {
  return Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()], description ? { description } : {});
}

/** A row as a form sends it, before the field rules check it: the row keys react-admin sends back may come along. */
export type RowInput = { [source: string]: RuleValue | undefined };

export const IdParams = Type.Object({ id: rowId });

/** A row as a form sends it: the fields (text, number, yes/no or null) and the row keys react-admin sends back. */
function rowBody(plugin: RuleListPlugin, requireVersion: boolean) {
  const properties: Record<string, TSchema> = {};
  for (const field of plugin.fields) properties[field.source] = Type.Optional(fieldValue(describeField(field)));
  for (const key of ROW_META_KEYS) {
    if (key !== 'version') properties[key] = Type.Optional(fieldValue());
    else properties[key] = requireVersion ? rowVersion : Type.Optional(rowVersion);
  }
  return Type.Object(properties, {
    additionalProperties: false,
    description:
      "The row's fields, each value checked by the field's rules (the row answered shows each field's shape); a refusal names each field at fault in `errors`.",
  });
}

/** The body of a new row. */
export function rowCreateBody(plugin: RuleListPlugin) {
  return Type.Unsafe<RowInput>(rowBody(plugin, false));
}

/** The body of an edit: the row with the version it was read at. */
export function rowEditBody(plugin: RuleListPlugin) {
  return Type.Unsafe<RowInput & { version: number }>(rowBody(plugin, true));
}

export const DeleteBody = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INTEGER, description: 'the version read: a later change refuses the delete' })) },
  { additionalProperties: false },
);

export const IdsBody = Type.Object({ ids: Type.Array(rowId, { minItems: 1, maxItems: MAX_BULK_ROWS, uniqueItems: true }) }, { additionalProperties: false });

/** The file travels base64-encoded inside the envelope, so the server sees the exact bytes (encoding check). */
export const ImportBody = Type.Object(
  {
    fileName: Type.String({ minLength: 1, maxLength: 255, description: 'the name of the file; a .csv file' }),
    content: Type.String({ description: `the file's bytes, base64-encoded: at most ${RULE_LIST_IMPORT_MAX_BYTES} bytes of UTF-8 CSV` }),
    mode: Type.Enum(IMPORT_MODES, { type: 'string', description: 'append to the list, or replace the whole list' }),
  },
  { additionalProperties: false },
);

/** Room for the base64 of the largest file, plus the envelope around it. */
export const IMPORT_BODY_LIMIT = Math.ceil((RULE_LIST_IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;

export const ExportQuery = Type.Object(
  {
    sort: Type.Optional(Type.String({ maxLength: 200 })),
    filter: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

export const RestoreParams = Type.Object({ auditId: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export const RestoreBody = Type.Object({}, { additionalProperties: false });

/**
 * A field's value in a row as the API sends it, typed by the field's type and null unless the field is
 * required. Nullable values are a type list (OpenAPI 3.1's nullable) rather than anyOf: the serialiser
 * picks a branch of an anyOf by validating the value against it, so a row stored before a plugin
 * narrowed a pattern or a choice would fail its answer with a 500; with a type list it picks by type.
 */
export function fieldSchema(field: RuleField) {
  const description = describeField(field);
  const typed = (type: 'string' | 'integer' | 'boolean', rules: Record<string, unknown>) =>
    Type.Unsafe<RuleValue>(
      field.required
        ? { type, ...rules, description }
        : { type: [type, 'null'], ...rules, ...(rules.enum ? { enum: [...(rules.enum as unknown[]), null] } : {}), description },
    );
  switch (field.type) {
    case 'integer':
      return typed('integer', { minimum: field.min ?? 0, maximum: field.max ?? MAX_INTEGER });
    case 'choice':
      return typed('string', { enum: [...(field.choices ?? [])] });
    case 'date':
      return typed('string', { format: 'date' });
    case 'boolean':
      return typed('boolean', {});
    case 'list':
      return typed('string', { maxLength: maxLengthOf(field) });
    case 'text':
      return typed('string', {
        maxLength: maxLengthOf(field),
        ...(field.minLength !== undefined ? { minLength: field.minLength } : {}),
        ...(field.pattern ? { pattern: `^(?:${field.pattern})$` } : {}),
      });
  }
}

const rows = new WeakMap<RuleListPlugin, ReturnType<typeof buildRow>>();

function buildRow(plugin: RuleListPlugin) {
  const properties: Record<string, TSchema> = Object.fromEntries(plugin.fields.map((field) => [field.source, fieldSchema(field)]));
  properties.id = Type.Integer({ minimum: 1, description: 'the row id' });
  properties.version = Type.Integer({ minimum: 1, description: 'moves on with every change; an edit sends the version it read' });
  properties.createdAt = Type.String({ format: 'date-time' });
  properties.createdBy = Type.String({ description: 'user id' });
  properties.updatedAt = Type.String({ format: 'date-time' });
  properties.updatedBy = Type.String({ description: 'user id' });
  return Type.Unsafe<WireRow>(Type.Object(properties, { description: plugin.help }));
}

/** A row as the API sends it (rowStore.ts, toWireRow): every field of the plugin, and the row keys. */
export function rowSchema(plugin: RuleListPlugin) {
  let row = rows.get(plugin);
  if (!row) {
    row = buildRow(plugin);
    rows.set(plugin, row);
  }
  return row;
}

/** A refusal with what it means for these routes, for the document. */
export function refusal(description: string) {
  return Type.Unsafe<Static<typeof Refusal>>({ ...Refusal, description });
}

/** The refusals of the rule-list routes (answers.ts), each route taking those it sends. */
export const Refusals = {
  400: refusal('VALIDATION_FAIL (-50001): malformed input, or the fields at fault, each with its message in `errors`'),
  401: refusal('FAILURE (-1): no session, or one that has ended (the sign-in hook)'),
  403: refusal("USER_ACL_EXCEPTION (-10000): the role does not hold the list's function"),
  404: refusal("FAILURE (-1): 'Record Not Found!'"),
  409: refusal('FAILURE (-1): a duplicate key (with `errors`), a row that cannot take the action, or a restore that would lose a change'),
  502: refusal('FAILURE (-1): some mails could not be handed to the mail server (the resend is audited; the others went)'),
};

/**
 * What every route of a list may answer before its handler runs: no session (401), the list's function
 * not held (403), and any other refusal of the server's hooks (an oversized or unreadable body) as a Refusal.
 */
export const Guarded = {
  401: Refusals[401],
  403: Refusals[403],
  '4xx': refusal('Another refusal of the server, with its message (an unreadable or oversized body, a content type not read)'),
};

/** A conflict on a row: a duplicate key (with `errors`), or a stale version, with the row's current version. */
export const RowConflict = Type.Object(
  {
    status: StatusField,
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
    data: Type.Optional(Type.Object({ version: Type.Integer({ description: 'the version the row has now' }) })),
  },
  { additionalProperties: true, description: 'FAILURE (-1): a duplicate key (with `errors`), or a stale version (with the current one)' },
);

/** What an import did. */
export const ImportResult = Type.Object({
  imported: Type.Integer({ minimum: 0 }),
  removed: Type.Integer({ minimum: 0, description: 'rows a replacing import removed' }),
  mode: Type.Enum(IMPORT_MODES, { type: 'string' }),
  fileName: Type.String(),
});

/** One problem of an import report (src/domain/ruleListImport.ts, ImportProblem). */
const ImportProblemSchema = Type.Object({
  line: Type.Integer({ minimum: 0, description: 'the line of the file (1 is the header); 0 for the file as a whole' }),
  column: Type.String({ description: "the column's header, or '' for the whole row or file" }),
  message: Type.String(),
});

/** An import refused, with its report: the first problems by line and column, and how many there are. */
export const ImportReport = Type.Object(
  {
    status: StatusField,
    message: Type.String(),
    data: Type.Optional(
      Type.Object({
        problems: Type.Array(ImportProblemSchema),
        total: Type.Integer({ minimum: 0, description: 'how many problems there are (the first ones are listed)' }),
      }),
    ),
  },
  { additionalProperties: true, description: 'VALIDATION_FAIL (-50001): the import report; nothing was imported' },
);

/** The CSV files (export, template): UTF-8 with a byte order mark. */
export const CsvFile = { description: 'UTF-8 with BOM', content: { 'text/csv': { schema: Type.String() } } };

/** What a Resend did. */
export const ResendResult = Type.Object({ rows: Type.Integer({ minimum: 0 }), mails: Type.Integer({ minimum: 0 }) });

/** A user log entry (src/domain/ruleListAudit.ts, RuleListAuditEntry). */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  userId: Type.String(),
  ipAddress: NullableText,
  action: Type.Enum(RULE_LIST_AUDIT_ACTIONS, { type: 'string' }),
  rowId: Type.String({ description: "the row's id in the list" }),
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: "the row's values and version before the change" }),
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: "the row's values and version after the change" }),
});

/** One list of the overview (src/domain/ruleListAudit.ts, RuleListOverviewEntry). */
export const OverviewEntry = Type.Object({
  name: Type.String(),
  functionId: Type.Integer(),
  label: Type.String(),
  rows: Type.Integer({ minimum: 0 }),
  lastChangedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastChangedBy: NullableText,
});

/** The compiler holds the schemas to the domain's types, both ways: a field added to one and not the other fails the typecheck. */
export type AuditEntrySchemaIsAuditEntry = Holds<Same<Static<typeof AuditEntry>, RuleListAuditEntry>>;
export type OverviewEntrySchemaIsOverviewEntry = Holds<Same<Static<typeof OverviewEntry>, RuleListOverviewEntry>>;
export type ImportProblemSchemaIsImportProblem = Holds<Same<Static<typeof ImportProblemSchema>, ImportProblem>>;
