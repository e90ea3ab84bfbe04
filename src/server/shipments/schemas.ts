import { ACTION_TYPES } from '../../domain/actionLog';
import { REMARK_MAX_LENGTH } from '../../domain/remark';
import { SHARE_OPTIONS, PRINT_KINDS } from '../../domain/shipmentDocuments';
import { ApproveType, SHIPMENT_STATUSES } from '../../domain/shipmentStatus';
import { ATTENTION_KINDS, HIT_AGE_BUCKETS, SEND_TARGETS, SHIPMENT_ID_PATTERN, SUMMARY_SORT_FIELDS } from '../../domain/shipmentWire';
import { COMPACT_UPDATE_DT_PATTERN, UPDATE_DT_PATTERN } from '../../domain/updateDt';
import { LogLevel } from '../../domain/statusCodes';

/**
 * JSON schemas of the /awbapi and /logapi calls: malformed input is refused with 400 and
 * VALIDATION_FAIL before a handler runs; domain rules then give the spec's own messages.
 */

/** bigint ids as decimal strings, short enough never to overflow PostgreSQL's bigint. */
export const ID = { type: 'string', pattern: SHIPMENT_ID_PATTERN.source } as const;
export const UPDATE_DT = { type: 'string', pattern: UPDATE_DT_PATTERN } as const;
const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
export const PREFIX = { type: 'string', pattern: '^\\d{3}$' } as const;
export const SUFFIX = { type: 'string', pattern: '^\\d{8}$' } as const;
export const REMARK = { type: 'string', maxLength: REMARK_MAX_LENGTH * 2 } as const;

export const shipmentIdParams = { type: 'object', required: ['shipmentId'], properties: { shipmentId: ID }, additionalProperties: false } as const;
export const awbParams = {
  type: 'object',
  required: ['prefix', 'suffix'],
  properties: { prefix: PREFIX, suffix: SUFFIX },
  additionalProperties: false,
} as const;
export const documentIdParams = { type: 'object', required: ['documentId'], properties: { documentId: ID }, additionalProperties: false } as const;
export const checkUpdateParams = {
  type: 'object',
  required: ['shipmentId', 'updateDT'],
  properties: { shipmentId: ID, updateDT: { type: 'string', pattern: COMPACT_UPDATE_DT_PATTERN } },
  additionalProperties: false,
} as const;
export const lookupParams = {
  type: 'object',
  required: ['lookupType'],
  properties: { lookupType: { type: 'integer', enum: [1, 11] } },
  additionalProperties: false,
} as const;
export const printParams = {
  type: 'object',
  required: ['shipmentId', 'kind'],
  properties: { shipmentId: ID, kind: { type: 'string', enum: [...PRINT_KINDS] } },
  additionalProperties: false,
} as const;

const filterProperties = {
  FlightDateFrom: DAY,
  FlightDateTo: DAY,
  MessageDateFrom: DAY,
  MessageDateTo: DAY,
  STDFrom: DAY,
  STDTo: DAY,
} as const;

export const awbSummaryBody = {
  type: 'object',
  required: ['fieldSearch', 'dbOptions'],
  additionalProperties: false,
  properties: {
    // No maxItems: the count is the domain rule's ('Only 5 input tag allowed.', spec 5), checked
    // before anything is read; the body limit bounds the array.
    fieldSearch: {
      type: 'array',
      items: {
        type: 'object',
        required: ['AWBPrefix', 'AWBSuffix'],
        additionalProperties: false,
        properties: { AWBPrefix: { type: 'string', maxLength: 20 }, AWBSuffix: { type: 'string', maxLength: 20 } },
      },
    },
    dbOptions: {
      type: 'object',
      required: ['CurrentPage', 'PageSize'],
      additionalProperties: false,
      properties: {
        CurrentPage: { type: 'integer', minimum: 1, maximum: 100000 },
        PageSize: { type: 'integer', minimum: 1, maximum: 100 },
        FieldName: { type: 'string', enum: [...SUMMARY_SORT_FIELDS] },
        OrderBy: { type: 'string', enum: ['ASC', 'DESC'] },
      },
    },
    filters: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...filterProperties,
        Status: { type: 'array', maxItems: SHIPMENT_STATUSES.length, uniqueItems: true, items: { type: 'string', enum: [...SHIPMENT_STATUSES] } },
        Attention: {
          type: 'array',
          maxItems: ATTENTION_KINDS.length,
          uniqueItems: true,
          items: { type: 'string', enum: [...ATTENTION_KINDS] },
          description: 'open shipments needing any of these kinds of attention',
        },
      },
    },
  },
} as const;

/** searchnext is a GET: the criteria travel in the query string (awbs comma separated, statuses comma separated). */
export const searchNextQuery = {
  type: 'object',
  required: ['ShipmentId'],
  additionalProperties: false,
  properties: {
    ShipmentId: ID,
    Direction: { type: 'string', enum: ['next', 'previous'], default: 'next' },
    FieldName: { type: 'string', enum: [...SUMMARY_SORT_FIELDS], default: 'AWBNumber' },
    OrderBy: { type: 'string', enum: ['ASC', 'DESC'], default: 'ASC' },
    // Long enough for more than 5 AWBs, so that the domain rule gives the spec's message.
    AWBs: { type: 'string', maxLength: 1000, pattern: '^[0-9,-]*$' },
    Status: { type: 'string', maxLength: 120, pattern: '^[A-Za-z,]*$' },
    Attention: { type: 'string', maxLength: 120, pattern: '^[A-Za-z,]*$' },
    ...filterProperties,
  },
} as const;

export const overviewQuery = { type: 'object', additionalProperties: false, properties: { Today: DAY } } as const;

export const approveBody = {
  type: 'object',
  required: ['ShipmentId', 'ApproveType', 'UpdateDT'],
  additionalProperties: false,
  properties: {
    ShipmentId: ID,
    ApproveType: { type: 'string', enum: Object.values(ApproveType) },
    ApproveReason: { ...REMARK, default: '' },
    UpdateDT: UPDATE_DT,
    PendingUpdate: { type: 'boolean', default: false },
  },
} as const;

export const rejectBody = {
  type: 'object',
  required: ['ShipmentId', 'RejectReasons', 'UpdateDT'],
  additionalProperties: false,
  properties: {
    ShipmentId: ID,
    RejectReasons: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        required: ['Code'],
        additionalProperties: false,
        properties: { Code: { type: 'string', maxLength: 20 }, AdditionalRemarkCode: { type: 'string', maxLength: 20 }, Remarks: REMARK },
      },
    },
    UpdateDT: UPDATE_DT,
    PendingUpdate: { type: 'boolean', default: false },
  },
} as const;

export const markBody = {
  type: 'object',
  required: ['ShipmentId', 'Result', 'UpdateDT'],
  additionalProperties: false,
  properties: { ShipmentId: ID, Result: { type: 'string', enum: ['PASS', 'FAIL'] }, Remarks: REMARK, UpdateDT: UPDATE_DT },
} as const;

export const modifyBody = {
  type: 'object',
  required: ['ShipmentId', 'UpdateDT'],
  additionalProperties: false,
  properties: {
    ShipmentId: ID,
    UpdateDT: UPDATE_DT,
    SpecialHandlingCodes: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 60 } },
    OperatorRemarks: REMARK,
    DocumentRemarks: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['ShipmentDocumentID', 'Remarks'],
        additionalProperties: false,
        properties: { ShipmentDocumentID: ID, Remarks: REMARK },
      },
    },
  },
} as const;

export const acceptDocumentBody = {
  type: 'object',
  required: ['ShipmentId', 'ShipmentDocumentID', 'UpdateDT'],
  additionalProperties: false,
  properties: { ShipmentId: ID, ShipmentDocumentID: ID, UpdateDT: UPDATE_DT },
} as const;

/** awblend and awbtakeback: the borrowing company is checked by the domain rule (lending.ts), so a wrong id gets its own message. */
export const lendingBody = {
  type: 'object',
  required: ['ShipmentId', 'CompanyId', 'UpdateDT'],
  additionalProperties: false,
  properties: { ShipmentId: ID, CompanyId: { type: 'string', maxLength: 100 }, UpdateDT: UPDATE_DT },
} as const;

export const sendBody = {
  type: 'object',
  required: ['ShipmentId', 'Target', 'UpdateDT'],
  additionalProperties: false,
  properties: { ShipmentId: ID, Target: { type: 'string', enum: [...SEND_TARGETS] }, UpdateDT: UPDATE_DT },
} as const;

export const sendTargetsBody = {
  type: 'object',
  required: ['ShipmentIds'],
  additionalProperties: false,
  properties: { ShipmentIds: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: ID } },
} as const;

export const shareBody = {
  type: 'object',
  required: ['ShipmentIds', 'ShareOptions', 'EmailList'],
  additionalProperties: false,
  properties: {
    ShipmentIds: { type: 'array', minItems: 1, maxItems: 50, uniqueItems: true, items: ID },
    ShareOptions: { type: 'array', maxItems: SHARE_OPTIONS.length, uniqueItems: true, items: { type: 'string', enum: [...SHARE_OPTIONS] } },
    EmailList: { type: 'string', maxLength: 1000 },
  },
} as const;

export const actionLoggingBody = {
  type: 'object',
  required: ['ActType'],
  additionalProperties: false,
  properties: {
    ActType: { type: 'string', enum: [...ACTION_TYPES] },
    DocType: { type: 'string', maxLength: 50 },
    strRemk: { type: 'string', maxLength: REMARK_MAX_LENGTH },
    isLogTransactionHistory: { type: 'boolean', default: false },
    ShipmentID: ID,
    ShipmentDocumentID: ID,
    AWBPrefix: PREFIX,
    AWBSuffix: SUFFIX,
    LogLevel: { type: 'integer', minimum: LogLevel.debug, maximum: LogLevel.fatal, default: LogLevel.info },
  },
} as const;

/**
 * An /awbapi answer with HTTP 200: `{status: 1, data}`, or a refusal the spec answers with 200 and a
 * failure status (`{status, message}`, `data.reason` where it has one: the invalid profile, a stale
 * UpdateDT, a block). Objects keep the properties a schema does not list (additionalProperties), so a
 * response schema describes the answer and speeds up its serialisation without ever dropping a field.
 */
export function answerSchema(data: Record<string, unknown>) {
  return {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'integer' }, message: { type: 'string' }, data },
    additionalProperties: true,
  } as const;
}

const NULLABLE_TEXT = { type: ['string', 'null'] } as const;

/** AwbSummaryRow (src/domain/shipmentWire.ts). */
const summaryRow = {
  type: 'object',
  required: [
    'ShipmentId',
    'AWBPrefix',
    'AWBSuffix',
    'AWBNumber',
    'Status',
    'Origin',
    'Destination',
    'Pieces',
    'Weight',
    'FlightNo',
    'FlightDate',
    'MessageDate',
    'STD',
    'UpdateDT',
    'SpecialHandlingCodes',
    'IsLent',
    'CheckDigitValid',
    'Attention',
  ],
  properties: {
    ShipmentId: { type: 'string' },
    AWBPrefix: { type: 'string' },
    AWBSuffix: { type: 'string' },
    AWBNumber: { type: 'string' },
    Status: { type: 'string', enum: [...SHIPMENT_STATUSES] },
    Origin: { type: 'string' },
    Destination: { type: 'string' },
    Pieces: { type: 'number' },
    Weight: { type: 'number' },
    FlightNo: { type: 'string' },
    FlightDate: { type: 'string' },
    // ISO 8601 in UTC; no `format`, which would make the serialiser rewrite the value (a null STD as "").
    MessageDate: { type: 'string' },
    STD: NULLABLE_TEXT,
    UpdateDT: { type: 'string' },
    SpecialHandlingCodes: { type: 'array', items: { type: 'string' } },
    IsLent: { type: 'boolean', description: 'lent to the caller: the row is shown, its details are not' },
    CheckDigitValid: { type: 'boolean' },
    Attention: {
      type: 'array',
      items: { type: 'string', enum: ATTENTION_KINDS.filter((kind) => kind !== 'DepartingSoon') },
      description: 'what needs attention on an open shipment; empty on a lent row',
    },
  },
  additionalProperties: true,
} as const;

/** AwbSummaryAnswer: one page of rows, the total, and the searched AWBs that gave no row. */
export const awbSummaryAnswer = answerSchema({
  type: 'object',
  required: ['total', 'rows', 'missing'],
  properties: {
    total: { type: 'integer' },
    rows: { type: 'array', items: summaryRow },
    missing: {
      type: 'array',
      items: {
        type: 'object',
        required: ['AWBPrefix', 'AWBSuffix', 'Reason', 'Message'],
        properties: {
          AWBPrefix: { type: 'string' },
          AWBSuffix: { type: 'string' },
          Reason: { type: 'string', enum: ['notFound', 'notAccessible'] },
          Message: { type: 'string' },
        },
        additionalProperties: true,
      },
    },
  },
  additionalProperties: true,
});

/** CheckUpdateAnswer: whether the shipment changed since the page's UpdateDT (the detail page asks every few seconds). */
export const checkUpdateAnswer = answerSchema({
  type: 'object',
  required: ['IsUpdated', 'IsFwbFhlUpdated', 'UpdateDT', 'Status'],
  properties: {
    IsUpdated: { type: 'boolean' },
    IsFwbFhlUpdated: { type: 'boolean', description: 'FWB or FHL data arrived after the given UpdateDT' },
    UpdateDT: { type: 'string' },
    Status: { type: 'string', enum: [...SHIPMENT_STATUSES] },
  },
  additionalProperties: true,
});

/** LookupCode[]: the reject reasons (1) or the MIP action codes (11) the caller's company offers. */
export const lookupCodesAnswer = answerSchema({
  type: 'array',
  items: {
    type: 'object',
    required: ['Code', 'Description'],
    properties: { Code: { type: 'string' }, Description: { type: 'string' } },
    additionalProperties: true,
  },
});

/**
 * A decision's answer (approve, reject, mark, modify, accept a document, send): the shipment's Status
 * and UpdateDT after it (DecisionAnswer), or a refusal with status -1, its message and data.reason
 * (a stale UpdateDT also gives the current one); other refusal details are kept as they are.
 */
export const decisionAnswerSchema = answerSchema({
  type: 'object',
  properties: {
    ShipmentId: { type: 'string' },
    Status: { type: 'string', enum: [...SHIPMENT_STATUSES] },
    UpdateDT: { type: 'string' },
    reason: { type: 'string', description: 'on a refusal: stale, heldByOther, a block or a missing review' },
  },
  additionalProperties: true,
});

/** SendTargetCheck (src/domain/shipmentWire.ts): per shipment, the message each target would be refused with now. */
export const sendTargetsAnswer = answerSchema({
  type: 'array',
  items: {
    type: 'object',
    required: ['ShipmentId', 'AWBNumber', 'Refused'],
    additionalProperties: false,
    properties: {
      ShipmentId: { type: 'string' },
      AWBNumber: { type: 'string' },
      Refused: {
        type: 'object',
        additionalProperties: false,
        description: 'the refusal message by target; a target absent may be sent',
        properties: Object.fromEntries(SEND_TARGETS.map((target) => [target, { type: 'string' }])),
      },
    },
  },
});

/** The shipment before or after one in the last search's order, or null at either end. */
export const searchNextAnswer = answerSchema({
  type: ['object', 'null'],
  properties: { ShipmentId: { type: 'string' }, AWBPrefix: { type: 'string' }, AWBSuffix: { type: 'string' } },
  additionalProperties: true,
});

const COUNTS_BY_STATUS = {
  type: 'object',
  properties: Object.fromEntries(SHIPMENT_STATUSES.map((status) => [status, { type: 'integer' }])),
  additionalProperties: true,
};

/** OverviewAnswer: the shipments of today's flights and of the last 7 days, counted by status. */
export const overviewAnswer = answerSchema({
  type: 'object',
  required: ['Today', 'TodayByStatus', 'Last7DaysByStatus', 'Attention'],
  properties: {
    Today: { type: 'string' },
    TodayByStatus: COUNTS_BY_STATUS,
    Last7DaysByStatus: COUNTS_BY_STATUS,
    Attention: {
      type: 'object',
      required: ['OpenHitsByAge', 'AwaitingReview', 'DeniedHit', 'HardBlock', 'DepartingSoon'],
      properties: {
        OpenHitsByAge: {
          type: 'object',
          required: [...HIT_AGE_BUCKETS],
          properties: Object.fromEntries(HIT_AGE_BUCKETS.map((bucket) => [bucket, { type: 'integer' }])),
        },
        AwaitingReview: { type: 'integer' },
        DeniedHit: { type: 'integer' },
        HardBlock: { type: 'integer' },
        DepartingSoon: { type: 'integer' },
      },
    },
  },
  additionalProperties: true,
});
