import { Type, type TObject, type TSchema } from 'typebox';
import { ACTION_TYPES } from '../../domain/actionLog';
import { REMARK_MAX_LENGTH } from '../../domain/remark';
import { HIT_STATES } from '../../domain/sanctionReview';
import { DOCUMENT_TYPES, POUCH_KINDS, SHARE_OPTIONS, PRINT_KINDS } from '../../domain/shipmentDocuments';
import { ApproveType, SHIPMENT_STATUSES } from '../../domain/shipmentStatus';
import { ATTENTION_KINDS, HIT_AGE_BUCKETS, type RowAttention, SEND_TARGETS, SHIPMENT_ID_PATTERN, SUMMARY_SORT_FIELDS } from '../../domain/shipmentWire';
import { COMPACT_UPDATE_DT_PATTERN, UPDATE_DT_PATTERN } from '../../domain/updateDt';
import { LogLevel } from '../../domain/statusCodes';
import { Answer, NullableText } from '../http/answerSchemas';

/**
 * The schemas of the /awbapi and /logapi calls, as TypeBox schemas (issue 21): malformed input is
 * refused with 400 and VALIDATION_FAIL before a handler runs, domain rules then give the spec's own
 * messages; the handlers' types come from these schemas, and the answers' schemas describe what the
 * browser reads (src/domain/shipmentWire.ts), so the compiler checks each handler's answer against them.
 */

/** bigint ids as decimal strings, short enough never to overflow PostgreSQL's bigint. */
export const ID = Type.String({ pattern: SHIPMENT_ID_PATTERN.source });
export const UPDATE_DT = Type.String({ pattern: UPDATE_DT_PATTERN });
const DAY = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const PREFIX = Type.String({ pattern: '^\\d{3}$' });
export const SUFFIX = Type.String({ pattern: '^\\d{8}$' });
export const REMARK = Type.String({ maxLength: REMARK_MAX_LENGTH * 2 });

/**
 * The object with its defaulted properties left out of `required`, as the wire has them: Ajv fills
 * them in before the handler runs (Fastify's useDefaults), so the handler's type keeps them required.
 */
export function WithDefaults<T extends TObject>(schema: T): T {
  const required = (schema.required ?? []).filter((key) => !('default' in (schema.properties[key] as TSchema)));
  const wire = schema as { required?: string[] };
  if (required.length > 0) wire.required = required;
  else delete wire.required;
  return schema;
}

export const shipmentIdParams = Type.Object({ shipmentId: ID }, { additionalProperties: false });
export const awbParams = Type.Object({ prefix: PREFIX, suffix: SUFFIX }, { additionalProperties: false });
export const documentIdParams = Type.Object({ documentId: ID }, { additionalProperties: false });
export const checkUpdateParams = Type.Object(
  { shipmentId: ID, updateDT: Type.String({ pattern: COMPACT_UPDATE_DT_PATTERN }) },
  { additionalProperties: false },
);
export const lookupParams = Type.Object({ lookupType: Type.Enum([1, 11], { type: 'integer' }) }, { additionalProperties: false });
export const printParams = Type.Object({ shipmentId: ID, kind: Type.Enum(PRINT_KINDS, { type: 'string' }) }, { additionalProperties: false });

const SORT_FIELD = Type.Enum(SUMMARY_SORT_FIELDS, { type: 'string' });
const ORDER_BY = Type.Enum(['ASC', 'DESC'], { type: 'string' });

const filterProperties = {
  FlightDateFrom: Type.Optional(DAY),
  FlightDateTo: Type.Optional(DAY),
  MessageDateFrom: Type.Optional(DAY),
  MessageDateTo: Type.Optional(DAY),
  STDFrom: Type.Optional(DAY),
  STDTo: Type.Optional(DAY),
  HitAge: Type.Optional(
    Type.Enum(HIT_AGE_BUCKETS, {
      type: 'string',
      description: "open shipments with open hits whose message came this long ago (the overview's backlog figures)",
    }),
  ),
};

export const awbSummaryBody = Type.Object(
  {
    // No maxItems: the count is the domain rule's ('Only 5 input tag allowed.', spec 5), checked
    // before anything is read; the body limit bounds the array.
    fieldSearch: Type.Array(
      Type.Object({ AWBPrefix: Type.String({ maxLength: 20 }), AWBSuffix: Type.String({ maxLength: 20 }) }, { additionalProperties: false }),
    ),
    dbOptions: Type.Object(
      {
        CurrentPage: Type.Integer({ minimum: 1, maximum: 100000 }),
        PageSize: Type.Integer({ minimum: 1, maximum: 100 }),
        FieldName: Type.Optional(SORT_FIELD),
        OrderBy: Type.Optional(ORDER_BY),
      },
      { additionalProperties: false },
    ),
    filters: Type.Optional(
      Type.Object(
        {
          ...filterProperties,
          Status: Type.Optional(Type.Array(Type.Enum(SHIPMENT_STATUSES, { type: 'string' }), { maxItems: SHIPMENT_STATUSES.length, uniqueItems: true })),
          Attention: Type.Optional(
            Type.Array(Type.Enum(ATTENTION_KINDS, { type: 'string' }), {
              maxItems: ATTENTION_KINDS.length,
              uniqueItems: true,
              description: 'open shipments needing any of these kinds of attention',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    reload: Type.Optional(
      Type.Boolean({
        description: 'the list shown again with the criteria it was last asked with (after an action, on a live change): not logged as a search',
      }),
    ),
  },
  { additionalProperties: false },
);

/** searchnext is a GET: the criteria travel in the query string (awbs comma separated, statuses comma separated). */
export const searchNextQuery = WithDefaults(
  Type.Object(
    {
      ShipmentId: ID,
      Direction: Type.Enum(['next', 'previous'], { type: 'string', default: 'next' }),
      FieldName: Type.Enum(SUMMARY_SORT_FIELDS, { type: 'string', default: 'AWBNumber' }),
      OrderBy: Type.Enum(['ASC', 'DESC'], { type: 'string', default: 'ASC' }),
      // Long enough for more than 5 AWBs, so that the domain rule gives the spec's message.
      AWBs: Type.Optional(Type.String({ maxLength: 1000, pattern: '^[0-9,-]*$' })),
      Status: Type.Optional(Type.String({ maxLength: 120, pattern: '^[A-Za-z,]*$' })),
      Attention: Type.Optional(Type.String({ maxLength: 120, pattern: '^[A-Za-z,]*$' })),
      ...filterProperties,
    },
    { additionalProperties: false },
  ),
);

export const overviewQuery = Type.Object({ Today: Type.Optional(DAY) }, { additionalProperties: false });

export const approveBody = WithDefaults(
  Type.Object(
    {
      ShipmentId: ID,
      ApproveType: Type.Enum(Object.values(ApproveType), { type: 'string' }),
      ApproveReason: Type.String({ maxLength: REMARK_MAX_LENGTH * 2, default: '' }),
      UpdateDT: UPDATE_DT,
      PendingUpdate: Type.Boolean({ default: false }),
    },
    { additionalProperties: false },
  ),
);

export const rejectBody = WithDefaults(
  Type.Object(
    {
      ShipmentId: ID,
      RejectReasons: Type.Array(
        Type.Object(
          { Code: Type.String({ maxLength: 20 }), AdditionalRemarkCode: Type.Optional(Type.String({ maxLength: 20 })), Remarks: Type.Optional(REMARK) },
          { additionalProperties: false },
        ),
        { maxItems: 10 },
      ),
      UpdateDT: UPDATE_DT,
      PendingUpdate: Type.Boolean({ default: false }),
    },
    { additionalProperties: false },
  ),
);

export const markBody = Type.Object(
  { ShipmentId: ID, Result: Type.Enum(['PASS', 'FAIL'], { type: 'string' }), Remarks: Type.Optional(REMARK), UpdateDT: UPDATE_DT },
  { additionalProperties: false },
);

export const modifyBody = Type.Object(
  {
    ShipmentId: ID,
    UpdateDT: UPDATE_DT,
    SpecialHandlingCodes: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 20 })),
    OperatorRemarks: Type.Optional(REMARK),
    DocumentRemarks: Type.Optional(Type.Array(Type.Object({ ShipmentDocumentID: ID, Remarks: REMARK }, { additionalProperties: false }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);

export const acceptDocumentBody = Type.Object({ ShipmentId: ID, ShipmentDocumentID: ID, UpdateDT: UPDATE_DT }, { additionalProperties: false });

/** awblend and awbtakeback: the borrowing company is checked by the domain rule (lending.ts), so a wrong id gets its own message. */
export const lendingBody = Type.Object({ ShipmentId: ID, CompanyId: Type.String({ maxLength: 100 }), UpdateDT: UPDATE_DT }, { additionalProperties: false });

export const sendBody = Type.Object(
  { ShipmentId: ID, Target: Type.Enum(SEND_TARGETS, { type: 'string' }), UpdateDT: UPDATE_DT },
  { additionalProperties: false },
);

export const sendTargetsBody = Type.Object({ ShipmentIds: Type.Array(ID, { minItems: 1, maxItems: 100, uniqueItems: true }) }, { additionalProperties: false });

export const shareBody = Type.Object(
  {
    ShipmentIds: Type.Array(ID, { minItems: 1, maxItems: 50, uniqueItems: true }),
    ShareOptions: Type.Array(Type.Enum(SHARE_OPTIONS, { type: 'string' }), { maxItems: SHARE_OPTIONS.length, uniqueItems: true }),
    EmailList: Type.String({ maxLength: 1000 }),
  },
  { additionalProperties: false },
);

export const actionLoggingBody = WithDefaults(
  Type.Object(
    {
      ActType: Type.Enum(ACTION_TYPES, { type: 'string' }),
      DocType: Type.Optional(Type.String({ maxLength: 50 })),
      strRemk: Type.Optional(Type.String({ maxLength: REMARK_MAX_LENGTH })),
      isLogTransactionHistory: Type.Boolean({ default: false }),
      ShipmentID: Type.Optional(ID),
      ShipmentDocumentID: Type.Optional(ID),
      AWBPrefix: Type.Optional(PREFIX),
      AWBSuffix: Type.Optional(SUFFIX),
      LogLevel: Type.Integer({ minimum: LogLevel.debug, maximum: LogLevel.fatal, default: LogLevel.info }),
    },
    { additionalProperties: false },
  ),
);

/**
 * What a refusal answered with HTTP 200 carries in `data` (answers.ts `refused`): why (`reason`: a
 * stale UpdateDT, a lock held by another user, a block, a missing review), and what goes with it
 * (a stale UpdateDT also gives the current one), kept as they are.
 */
export const RefusalData = Type.Object(
  { reason: Type.String({ description: 'stale, heldByOther, a block, a missing review...' }) },
  { additionalProperties: true },
);

/** An answer that is `data` on success, or a refusal with HTTP 200 (status -1, its message and RefusalData). */
export function OutcomeAnswer<T extends TSchema>(data: T) {
  return Answer(Type.Union([RefusalData, data]));
}

const SHIPMENT_STATUS = Type.Enum(SHIPMENT_STATUSES, { type: 'string' });

/** The marks a row carries: every kind of attention but DepartingSoon, which the STD column shows. */
const ROW_ATTENTION = ATTENTION_KINDS.filter((kind): kind is RowAttention => kind !== 'DepartingSoon');

/** AwbSummaryRow (src/domain/shipmentWire.ts). */
const SummaryRow = Type.Object({
  ShipmentId: Type.String(),
  AWBPrefix: Type.String(),
  AWBSuffix: Type.String(),
  AWBNumber: Type.String(),
  Status: SHIPMENT_STATUS,
  Origin: Type.String(),
  Destination: Type.String(),
  Pieces: Type.Number(),
  Weight: Type.Number(),
  FlightNo: Type.String(),
  FlightDate: Type.String(),
  // ISO 8601 in UTC; no `format`, which would make the serialiser rewrite the value (a null STD as "").
  MessageDate: Type.String(),
  STD: NullableText,
  UpdateDT: Type.String(),
  SpecialHandlingCodes: Type.Array(Type.String()),
  IsLent: Type.Boolean({ description: 'lent to the caller: the row is shown, its details are not' }),
  CheckDigitValid: Type.Boolean(),
  Attention: Type.Array(Type.Enum(ROW_ATTENTION, { type: 'string' }), {
    description: 'what needs attention on an open shipment; empty on a lent row',
  }),
});

/** AwbSummaryAnswer: one page of rows, the total, and the searched AWBs that gave no row. */
export const awbSummaryAnswer = Answer(
  Type.Object({
    total: Type.Integer(),
    rows: Type.Array(SummaryRow),
    missing: Type.Array(
      Type.Object({
        AWBPrefix: Type.String(),
        AWBSuffix: Type.String(),
        Reason: Type.Enum(['notFound', 'notAccessible'], { type: 'string' }),
        Message: Type.String(),
      }),
    ),
  }),
);

/** CheckUpdateAnswer: whether the shipment changed since the page's UpdateDT (the detail page asks every few seconds). */
export const checkUpdateAnswer = Answer(
  Type.Object({
    IsUpdated: Type.Boolean(),
    IsFwbFhlUpdated: Type.Boolean({ description: 'FWB or FHL data arrived after the given UpdateDT' }),
    UpdateDT: Type.String(),
    Status: SHIPMENT_STATUS,
  }),
);

/** LookupCode[]: the reject reasons (1) or the MIP action codes (11) the caller's company offers. */
export const lookupCodesAnswer = Answer(Type.Array(Type.Object({ Code: Type.String(), Description: Type.String() })));

/** DecisionAnswer: the shipment's Status and UpdateDT after a change (approve, reject, mark, modify, accept a document, send, lend, take back). */
export const DecisionData = Type.Object({ ShipmentId: Type.String(), Status: SHIPMENT_STATUS, UpdateDT: Type.String() });

/** A decision's answer: DecisionAnswer, or a refusal with status -1, its message and data.reason. */
export const decisionAnswerSchema = OutcomeAnswer(DecisionData);

/** SendTargetCheck (src/domain/shipmentWire.ts): per shipment, the message each target would be refused with now. */
export const sendTargetsAnswer = Answer(
  Type.Array(
    Type.Object(
      {
        ShipmentId: Type.String(),
        AWBNumber: Type.String(),
        Refused: Type.Partial(Type.Record(Type.Enum(SEND_TARGETS, { type: 'string' }), Type.String()), {
          additionalProperties: false,
          description: 'the refusal message by target; a target absent may be sent',
        }),
      },
      { additionalProperties: false },
    ),
  ),
);

/** The shipment before or after one in the last search's order, or null at either end. */
export const searchNextAnswer = Answer(
  Type.Union([Type.Object({ ShipmentId: Type.String(), AWBPrefix: Type.String(), AWBSuffix: Type.String() }), Type.Null()]),
);

const COUNTS_BY_STATUS = Type.Record(SHIPMENT_STATUS, Type.Integer());

/** OverviewAnswer: the shipments of today's flights and of the last 7 days, counted by status. */
export const overviewAnswer = Answer(
  Type.Object({
    Today: Type.String(),
    TodayByStatus: COUNTS_BY_STATUS,
    Last7DaysByStatus: COUNTS_BY_STATUS,
    Attention: Type.Object({
      OpenHitsByAge: Type.Record(Type.Enum(HIT_AGE_BUCKETS, { type: 'string' }), Type.Integer()),
      AwaitingReview: Type.Integer(),
      DeniedHit: Type.Integer(),
      HardBlock: Type.Integer(),
      DepartingSoon: Type.Integer(),
    }),
  }),
);

/** Objects read from the shipment's stored JSON (the message's parties, routing, houses...) travel as stored: their schemas list what they hold and keep the rest. */
const STORED = { additionalProperties: true } as const;
const OpenRecord = Type.Record(Type.String(), Type.Unknown());

/** Party (src/domain/shipmentWire.ts). */
const PartySchema = Type.Object(
  {
    name: Type.String(),
    address: Type.String(),
    city: Type.String(),
    country: Type.String(),
    postcode: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
    accountNumber: Type.Optional(Type.String()),
    iataCode: Type.Optional(Type.String()),
  },
  STORED,
);

const HIT_STATE = Type.Enum(HIT_STATES, { type: 'string' });

/** HitActionWire: one decision on a sanction hit. */
const HitAction = Type.Object({
  decision: Type.String(),
  state: HIT_STATE,
  by: Type.String(),
  companyId: Type.String(),
  at: Type.String(),
  remarks: Type.String(),
  whitelistRowId: Type.Optional(Type.String({ description: 'the Sanction Whitelist row that cleared the hit (decision WHITELIST)' })),
});

/** SanctionHit: a sanction hit with its review. */
export const SanctionHitSchema = Type.Object({
  hitId: Type.String(),
  state: HIT_STATE,
  riskLevel: Type.Enum(['LOW', 'MEDIUM', 'HIGH'], { type: 'string' }),
  matchedPhrase: Type.String(),
  party: Type.String(),
  hawb: NullableText,
  screenedText: Type.String(),
  score: Type.Number(),
  method: Type.String(),
  list: Type.String(),
  entryId: Type.String(),
  entryName: Type.String(),
  programs: Type.Array(Type.String()),
  citation: Type.String(),
  exportEmbargo: Type.Boolean(),
  importEmbargo: Type.Boolean(),
  controlledCommodity: NullableText,
  aliases: Type.Array(Type.String(), { description: "the entry's other names as listed" }),
  sourceVersion: Type.Union([Type.Object({ versionId: Type.String(), publishedAt: NullableText, importedAt: Type.String() }), Type.Null()], {
    description: "the official source's version the entry was found in; null for the company's own Sanction List rows",
  }),
  explanation: Type.Union(
    [
      Type.Object({
        how: Type.String({ description: 'fuzzy, exact, keyword or wildcard' }),
        score: Type.Number(),
        summary: Type.String({ description: 'one line: "AIRLINES ~ AIR (synonym 0.95), MAHAN = MAHAN (exact); score 0.9913"' }),
        words: Type.Array(Type.Object({ listed: Type.String(), screened: Type.String(), how: Type.String(), similarity: Type.Number() })),
        missing: Type.Array(Type.String()),
        extra: Type.Array(Type.String()),
        country: Type.Optional(
          Type.Object(
            { party: Type.String(), listed: Type.String(), lowered: Type.Number() },
            { description: "the party's country is not the entry's: the score was lowered by `lowered` (never below the threshold)" },
          ),
        ),
      }),
      Type.Null(),
    ],
    { description: 'why the name hit; null for hits stored before the explanation was kept' },
  ),
  action: Type.Union([HitAction, Type.Null()]),
  actions: Type.Array(HitAction),
});

/** ComplianceCheck: a finding of the rules engine. */
export const ComplianceCheckSchema = Type.Object({
  rule: Type.String(),
  result: Type.Enum(['PASS', 'WARN', 'FAIL'], { type: 'string' }),
  message: Type.String(),
  list: Type.String(),
  rowId: NullableText,
  effect: Type.String(),
});

/** ComplianceSummary: what the rules engine concluded beyond its findings. */
export const ComplianceSummarySchema = Type.Object({
  EvaluatedAt: NullableText,
  OriginCountry: NullableText,
  DestinationCountry: NullableText,
  AddedSpecialHandlingCodes: Type.Array(Type.String()),
  MappedDescriptions: Type.Array(Type.String()),
  SuggestedRejectReasons: Type.Array(Type.String()),
  AutoAcceptAt: NullableText,
});

/** EyeballCheck, or null before one. */
export const EyeballSchema = Type.Union([
  Type.Object({ Result: Type.Enum(['PASS', 'FAIL'], { type: 'string' }), Remarks: Type.String(), UserId: Type.String(), At: Type.String() }),
  Type.Null(),
]);

/** HandlingState: who holds the shipment's handling lock. */
export const HandlingSchema = Type.Object({
  HeldByMe: Type.Boolean({ description: 'this user holds the lock (or needs none)' }),
  HeldBy: Type.Union([Type.Object({ UserId: Type.String(), UserName: Type.String(), CompanyId: Type.String(), Since: Type.String() }), Type.Null()], {
    description: 'another user holds it: the page is read-only',
  }),
});

/** ShipmentLending (src/domain/lending.ts): one lending of a shipment, as its owner sees it. */
const LendingSchema = Type.Object({
  CompanyId: Type.String(),
  CompanyName: Type.String(),
  LentAt: Type.String(),
  LentByCompany: Type.String(),
  LentByUser: NullableText,
});

/** What names a shipment and its version in the detail answers: the AWB, its status and UpdateDT. */
const shipmentHead = {
  ShipmentId: Type.String(),
  AWBPrefix: Type.String(),
  AWBSuffix: Type.String(),
  AWBNumber: Type.String(),
  Status: SHIPMENT_STATUS,
  UpdateDT: Type.String(),
};

/** AwbDetail (src/domain/shipmentWire.ts): the detail page's data. */
export const AwbDetailSchema = Type.Object({
  ...shipmentHead,
  Origin: Type.String(),
  Destination: Type.String(),
  Pieces: Type.Number(),
  Weight: Type.Number(),
  Volume: Type.Union([Type.Number(), Type.Null()]),
  GoodsDescription: Type.String(),
  SpecialHandlingCodes: Type.Array(Type.String()),
  OperatorRemarks: Type.String(),
  Shipper: PartySchema,
  Consignee: PartySchema,
  Notify: Type.Union([PartySchema, Type.Null()]),
  Agent: Type.Union([PartySchema, Type.Null()]),
  Routing: Type.Array(
    Type.Object({ carrier: Type.String(), flightNumber: Type.String(), date: Type.String(), from: Type.String(), to: Type.String() }, STORED),
  ),
  FlightDate: Type.String(),
  MessageDate: Type.String(),
  STD: NullableText,
  Rate: Type.Union([OpenRecord, Type.Null()]),
  Charges: Type.Union([OpenRecord, Type.Null()]),
  Dimensions: Type.Array(OpenRecord),
  Licence: Type.Union([OpenRecord, Type.Null()]),
  Declaration: Type.Union([OpenRecord, Type.Null()]),
  Security: Type.Union([OpenRecord, Type.Null()]),
  HsCodes: Type.Array(Type.String()),
  CustomsDeclarations: Type.Array(
    Type.Object(
      { countryCode: Type.String(), customsId: Type.String(), informationId: Type.String(), otherCustomsInfo: Type.String(), supplementaryInfo: Type.String() },
      STORED,
    ),
  ),
  Persons: Type.Array(Type.Object({ idOrLicense: Type.String(), name: Type.String(), stationCode: Type.String(), verifier: Type.String() }, STORED)),
  Houses: Type.Array(
    Type.Object(
      {
        hawbNumber: Type.String(),
        pieces: Type.Number(),
        weightKg: Type.Number(),
        description: Type.String(),
        shipper: Type.String(),
        consignee: Type.String(),
      },
      STORED,
    ),
  ),
  Documents: Type.Array(
    Type.Object({
      ShipmentDocumentID: Type.String(),
      FileName: Type.String(),
      DocType: Type.Enum(DOCUMENT_TYPES, { type: 'string' }),
      PouchKind: Type.Union([Type.Enum(POUCH_KINDS, { type: 'string' }), Type.Null()]),
      Remarks: Type.String(),
      UpdatedOn: Type.String(),
      UserId: Type.String(),
      SizeBytes: Type.Union([Type.Integer(), Type.Null()]),
      Archived: Type.Boolean(),
      AwaitingAcceptance: Type.Boolean({ description: 'added to a decided shipment and not accepted yet' }),
    }),
  ),
  History: Type.Array(Type.Object({ At: Type.String(), Kind: Type.String(), Description: Type.String(), CompanyId: NullableText, UserId: NullableText })),
  Block: Type.Union([Type.Object({ Kind: Type.Enum(['HARD', 'SOFT'], { type: 'string' }), Reason: Type.String(), AppliesToMe: Type.Boolean() }), Type.Null()]),
  Eyeball: EyeballSchema,
  SanctionHits: Type.Array(SanctionHitSchema),
  ComplianceChecks: Type.Array(ComplianceCheckSchema),
  Compliance: ComplianceSummarySchema,
  Handling: HandlingSchema,
  Lendings: Type.Union([Type.Array(LendingSchema), Type.Null()], { description: "to whom it is lent: the owning airline's to see only" }),
  Can: Type.Object(
    {
      Accept: Type.Boolean(),
      Reject: Type.Boolean(),
      Mark: Type.Boolean(),
      Modify: Type.Boolean(),
      AcceptDocument: Type.Boolean(),
      Upload: Type.Boolean(),
      Lend: Type.Boolean(),
      TakeBack: Type.Boolean(),
    },
    { description: 'what this user may do now (the server checks again on every call)' },
  ),
  Why: Type.Object(
    Object.fromEntries(
      ['Accept', 'Reject', 'Mark', 'Modify', 'AcceptDocument', 'Upload', 'Lend', 'TakeBack'].map((action) => [action, Type.Optional(Type.String())]),
    ),
    { additionalProperties: false, description: 'for each action this user may not take now, why: the refusal the server would answer' },
  ),
  CheckDigitValid: Type.Boolean(),
  OneRecordWaybill: Type.String({
    description: "the IRI of the shipment's master Waybill as a ONE Record logistics object (GET /onerecord/logistics-objects/{id})",
  }),
});

/** GET awbdetail: `{status: 1, data: AwbDetail}` (sent as JSON text, detail.ts). */
export const awbDetailAnswer = Answer(AwbDetailSchema);

/** The Sanction & Compliance tab's data (GET sanction/detail): the detail's screening parts, who holds the lock, and what the user may do there. */
export const sanctionDetailAnswer = Answer(
  Type.Object({
    ...shipmentHead,
    SanctionHits: Type.Array(SanctionHitSchema),
    ComplianceChecks: Type.Array(ComplianceCheckSchema),
    Compliance: ComplianceSummarySchema,
    Eyeball: EyeballSchema,
    HeldBy: HandlingSchema.properties.HeldBy,
    Can: Type.Object({ Mark: Type.Boolean(), Escalate: Type.Boolean(), Review: Type.Boolean(), Resend: Type.Boolean() }),
  }),
);

/** deletehandling: whether the caller held the lock it released. */
export const releasedAnswer = Answer(Type.Object({ Released: Type.Boolean() }));

/** renewhandling: HandlingState after the renewal. */
export const handlingAnswer = Answer(HandlingSchema);

/** LendableCompany[] (src/domain/lending.ts), or a refusal. */
export const lendableCompaniesAnswer = OutcomeAnswer(
  Type.Array(Type.Object({ CompanyId: Type.String(), CompanyName: Type.String(), CompanyTypeId: Type.Integer() })),
);

/** ShareAnswer (src/domain/shipmentWire.ts), or a refusal (too large, no documents, the mail failed). */
export const shareAnswer = OutcomeAnswer(
  Type.Object({
    Sent: Type.Integer(),
    Attachments: Type.Array(Type.String()),
    WithoutDocuments: Type.Array(Type.String(), { description: 'shipments that had none of the chosen documents' }),
  }),
);

/** A short-lived address (a file link, the event stream) with its ticket. */
export const ticketAnswer = Answer(Type.Object({ Url: Type.String(), ExpiresInSeconds: Type.Integer() }, { additionalProperties: false }));
